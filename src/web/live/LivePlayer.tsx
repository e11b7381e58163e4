import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Speaker224Regular } from '@fluentui/react-icons'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { LiveState } from '@streams/wire/constants'
import { addLiveTexts } from '../i18n/live'
import { useSelector, useSession } from '../session/context'
import { playHls, type HlsPlayback, type PlaybackStatus } from './hls-playback'
import { LanguagePicker, liveSource } from './LanguagePicker'

const useStyles = makeStyles({
  stage: {
    position: 'relative',
    flexGrow: 1,
    minWidth: 0,
    minHeight: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: '#000',
    borderRadius: tokens.borderRadiusLarge,
    overflow: 'hidden',
  },
  video: { width: '100%', height: '100%', objectFit: 'contain' },
  notice: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    alignItems: 'center',
    justifyContent: 'center',
    color: '#fff',
    textAlign: 'center',
    padding: '12px',
  },
  badge: {
    position: 'absolute',
    top: '8px',
    left: '8px',
    padding: '2px 8px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: '#fff',
  },
  sound: { position: 'absolute', bottom: '12px', right: '12px' },
})

const selectUrl = (s: State) => s.live.liveUrl
const selectStreams = (s: State) => s.live.liveUrls
const selectState = (s: State) => s.live.liveState
const selectLanguage = (s: State) => s.live.language

/**
 * What a CDN audience (role 3) watches: the room's live stream, composed by the server, played
 * with hls.js (loaded only here) from our own origin. It shows the live state ([LIVE-1]): not
 * started, paused, and 'Live has ended' once END is applied ([LIVE-3]).
 */
export function LivePlayer() {
  addLiveTexts()
  const styles = useStyles()
  const { t } = useTranslation()
  const liveUrl = useSelector(selectUrl)
  const streams = useSelector(selectStreams)
  const state = useSelector(selectState)
  // The language the audience chose (multi-language CDN streams; an event, so a replay shows
  // it); the room's own by default.
  const language = useSelector(selectLanguage)
  const { dispatch } = useSession()
  const { url, hls } = liveSource(liveUrl, streams, language)
  const video = useRef<HTMLVideoElement>(null)
  const [status, setStatus] = useState<PlaybackStatus>('loading')
  const [muted, setMuted] = useState(false)
  // A replayed session shows the player's states, never an old stream.
  const { replay } = useSession()
  const choose = (streamId: string) => dispatch({ type: 'ui/liveLanguageChosen', streamId })
  const playing = liveUrl !== '' && url !== '' && hls && state !== LiveState.END && replay !== true

  useEffect(() => {
    const element = video.current
    if (!playing || !element) return
    let playback: HlsPlayback | undefined
    let cancelled = false
    setStatus('loading')
    void playHls(element, url, (next) => !cancelled && setStatus(next)).then((p) => {
      if (cancelled) p.stop()
      else playback = p
    })
    const onVolume = () => setMuted(element.muted)
    element.addEventListener('volumechange', onVolume)
    return () => {
      cancelled = true
      playback?.stop()
      element.removeEventListener('volumechange', onVolume)
    }
  }, [playing, url])

  const notice =
    state === LiveState.END
      ? t('live.states.ended')
      : liveUrl === ''
        ? t('live.states.ready')
        : status === 'unsupported' || !hls
          ? t('live.unsupported')
          : status === 'retrying'
            ? t('live.retrying')
            : null

  return (
    <section className={styles.stage} aria-label={t('live.label')} data-live-state={state}>
      {playing && (
        <video
          ref={video}
          className={styles.video}
          playsInline
          autoPlay
          controls={false}
          data-testid="live-video"
        />
      )}
      {state === LiveState.LIVING && status === 'playing' && (
        <Text className={styles.badge} size={200} weight="semibold">
          {t('live.states.living')}
        </Text>
      )}
      {state === LiveState.PAUSE && (
        <Text className={styles.badge} size={200}>
          {t('live.states.paused')}
        </Text>
      )}
      {notice ? (
        <div className={styles.notice} role="status">
          <Text size={500} weight="semibold">
            {notice}
          </Text>
        </div>
      ) : (
        playing &&
        status === 'loading' && (
          <div className={styles.notice}>
            <Spinner label={t('live.loading')} />
          </div>
        )
      )}
      {liveUrl !== '' && state !== LiveState.END && (
        <LanguagePicker streams={streams} chosen={language} onChoose={choose} />
      )}
      {playing && muted && (
        <Button
          className={styles.sound}
          icon={<Speaker224Regular />}
          onClick={() => {
            const element = video.current
            if (!element) return
            element.muted = false
            void element.play().catch(() => undefined)
          }}
        >
          {t('live.tapForSound')}
        </Button>
      )}
    </section>
  )
}
