import { Avatar, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useMediaView, useTalking, useVideoAvailable } from './context'
import { NetworkBars } from './NetworkBars'

const useStyles = makeStyles({
  tile: {
    position: 'relative',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    aspectRatio: '16 / 9',
    minWidth: '160px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
  video: { position: 'absolute', inset: 0 },
  // The active speaker: a ring inside the tile (over the video), while its audio is loud.
  talking: {
    '::after': {
      content: '""',
      position: 'absolute',
      inset: 0,
      borderRadius: tokens.borderRadiusMedium,
      boxShadow: `inset 0 0 0 3px ${tokens.colorPaletteGreenBorderActive}`,
      pointerEvents: 'none',
    },
  },
  hidden: { display: 'none' },
  label: {
    position: 'absolute',
    left: '8px',
    bottom: '6px',
    right: '8px',
    display: 'flex',
    alignItems: 'center',
    gap: '6px',
    color: tokens.colorNeutralForegroundInverted,
    textShadow: '0 1px 2px rgba(0,0,0,0.6)',
  },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flexGrow: 1 },
})

export interface VideoTileProps {
  readonly uid: string
  readonly name: string
  readonly photo?: string
  /** A screen share is shown whole; a camera fills the tile. */
  readonly fit?: 'cover' | 'contain'
  /** [TRACK-9] The network quality to show, when known. */
  readonly quality?: number
  /** Whether the microphone is published (absent for a screen share). */
  readonly audio?: boolean
  readonly className?: string
}

/**
 * One person's (or one screen share's) tile: the adapter renders the video into it while there
 * is one; otherwise the avatar shows.
 */
export function VideoTile(props: VideoTileProps) {
  const { uid, name, photo, fit = 'cover', quality, audio, className } = props
  const styles = useStyles()
  const { t } = useTranslation()
  const view = useMediaView()
  const available = useVideoAvailable(uid)
  const talking = useTalking(uid)
  const video = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const container = video.current
    if (!view || !available || !container) return
    return view.attachVideo(uid, container, fit)
  }, [view, available, uid, fit])

  return (
    <figure
      className={mergeClasses(styles.tile, talking && styles.talking, className)}
      data-uid={uid}
      data-video={available ? 'on' : 'off'}
      data-talking={talking ? 'on' : undefined}
      aria-label={name}
      style={{ margin: 0 }}
    >
      <div ref={video} className={mergeClasses(styles.video, !available && styles.hidden)} />
      {!available && (
        <Avatar
          name={name}
          image={photo ? { src: photo } : undefined}
          size={72}
          color="colorful"
          aria-label={t('media.videoOff', { name })}
        />
      )}
      <figcaption className={styles.label}>
        <Text size={200} className={styles.name}>
          {name}
        </Text>
        {audio !== undefined && (
          <Text
            size={200}
            role="img"
            aria-label={t(audio ? 'media.micOnOf' : 'media.micOffOf', { name })}
          >
            {audio ? '🎙' : '🔇'}
          </Text>
        )}
        {quality !== undefined && <NetworkBars quality={quality} />}
      </figcaption>
    </figure>
  )
}
