import {
  Avatar,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
  type AvatarSize,
} from '@fluentui/react-components'
import { Mic16Filled, MicOff16Filled } from '@fluentui/react-icons'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useMediaView, useTalking, useVideoAvailable } from './context'
import { NetworkBars } from './NetworkBars'

/** The bottom strip the name label takes (its 16 px line and the 6 px margin below). */
const LABEL_SPACE = 24
/** Fluent's avatar sizes, largest first. */
const AVATAR_SIZES: readonly AvatarSize[] = [96, 72, 64, 56, 48, 40, 36, 32, 28, 24, 20, 16]

/** The largest avatar that fits a tile of this height above its label, with a little room. */
export function avatarSizeFor(tileHeight: number): AvatarSize {
  const room = tileHeight - LABEL_SPACE - 8
  return AVATAR_SIZES.find((size) => size <= room) ?? 16
}

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
  // The avatar sits in the space above the name label, never over it.
  avatar: {
    position: 'absolute',
    top: 0,
    left: 0,
    right: 0,
    bottom: `${LABEL_SPACE}px`,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
  mic: { display: 'inline-flex', flexShrink: 0 },
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
  const figure = useRef<HTMLElement>(null)
  const [avatarSize, setAvatarSize] = useState<AvatarSize>(72)

  // The avatar follows the tile's height (a strip's small tile is 60 px tall, the main one 400).
  useLayoutEffect(() => {
    const element = figure.current
    if (!element || available) return
    const measure = () => setAvatarSize(avatarSizeFor(element.clientHeight))
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [available])

  useEffect(() => {
    const container = video.current
    if (!view || !available || !container) return
    return view.attachVideo(uid, container, fit)
  }, [view, available, uid, fit])

  return (
    <figure
      ref={figure}
      className={mergeClasses(styles.tile, talking && styles.talking, className)}
      data-uid={uid}
      data-video={available ? 'on' : 'off'}
      data-talking={talking ? 'on' : undefined}
      aria-label={name}
      style={{ margin: 0 }}
    >
      <div ref={video} className={mergeClasses(styles.video, !available && styles.hidden)} />
      {!available && (
        <div className={styles.avatar}>
          <Avatar
            name={name}
            image={photo ? { src: photo } : undefined}
            size={avatarSize}
            color="colorful"
            aria-label={t('media.videoOff', { name })}
          />
        </div>
      )}
      <figcaption className={styles.label}>
        <Text size={200} className={styles.name}>
          {name}
        </Text>
        {audio !== undefined && (
          <span
            className={styles.mic}
            role="img"
            aria-label={t(audio ? 'media.micOnOf' : 'media.micOffOf', { name })}
          >
            {audio ? <Mic16Filled aria-hidden /> : <MicOff16Filled aria-hidden />}
          </span>
        )}
        {quality !== undefined && <NetworkBars quality={quality} />}
      </figcaption>
    </figure>
  )
}
