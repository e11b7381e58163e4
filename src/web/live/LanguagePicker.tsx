import { ToggleButton, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { LanguageStream } from '@streams/ports/rest-types'

const useStyles = makeStyles({
  bar: {
    position: 'absolute',
    top: '8px',
    right: '8px',
    display: 'flex',
    gap: '4px',
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
  },
  icon: { width: '16px', height: '16px', objectFit: 'contain' },
})

/** The room's own stream: what plays until the audience picks a language. */
export const ORIGINAL = ''

/**
 * What the audience plays: the room's own stream (`liveUrl`), or the language it chose: its CDN
 * pull URL, else our own stream of it (an interpreted language); a language the host removed
 * falls back to the room's stream.
 */
export function liveSource(
  liveUrl: string,
  streams: readonly LanguageStream[],
  chosen: string,
): { url: string; hls: boolean } {
  const stream = chosen === ORIGINAL ? undefined : streams.find((s) => s.streamId === chosen)
  const url = (stream && (stream.pullUrl || stream.liveUrl)) || liveUrl
  // Our own stream is HLS; a CDN's pull URL may be FLV, which this player cannot play.
  return { url, hls: !stream || /\.m3u8$/i.test(new URL(url, 'http://x').pathname) }
}

/**
 * Multi-language CDN streams (spec §3 "CDN language stream info"): one button per language the
 * host added that can be played here (a pull URL, or an interpreter's stream), with its icon (the active icon on the chosen one), beside the room's own stream.
 * Shown only when the room has language streams.
 */
export function LanguagePicker({
  streams,
  chosen,
  onChoose,
}: {
  streams: readonly LanguageStream[]
  chosen: string
  onChoose: (streamId: string) => void
}) {
  const styles = useStyles()
  const { t } = useTranslation()
  const languages = streams.filter((s) => s.pullUrl !== '' || s.liveUrl !== '')
  if (languages.length === 0) return null
  return (
    <div className={styles.bar} role="radiogroup" aria-label={t('live.languages.label')}>
      <ToggleButton
        size="small"
        role="radio"
        aria-checked={chosen === ORIGINAL}
        checked={chosen === ORIGINAL}
        onClick={() => onChoose(ORIGINAL)}
      >
        {t('live.languages.original')}
      </ToggleButton>
      {languages.map((s) => {
        const on = chosen === s.streamId
        const icon = on ? s.languageIconActive || s.languageIcon : s.languageIcon
        return (
          <ToggleButton
            key={s.streamId}
            size="small"
            role="radio"
            aria-checked={on}
            checked={on}
            data-language={s.languageType}
            icon={icon ? <img className={styles.icon} src={icon} alt="" /> : undefined}
            onClick={() => onChoose(s.streamId)}
          >
            {s.languageName}
          </ToggleButton>
        )
      })}
    </div>
  )
}
