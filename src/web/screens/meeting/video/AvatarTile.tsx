import { Avatar, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { MicOff16Filled, Mic16Filled } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'

/**
 * What a video tile shows. The media layer's tile (src/web/media) takes the same props and
 * replaces this one, which shows the member's avatar until video arrives.
 */
export interface TileProps {
  readonly uid: string
  readonly name: string
  readonly photo: string
  /** The member's microphone is on (enabled and published). */
  readonly audio: boolean
  /** The member's camera is on. */
  readonly video: boolean
  /** The main screen's large tile ([LAYOUT-3]). */
  readonly large: boolean
  /** This is me. */
  readonly local: boolean
}

const useStyles = makeStyles({
  tile: {
    position: 'relative',
    width: '100%',
    height: '100%',
    minWidth: 0,
    minHeight: 0,
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: '#1f1f1f',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
  label: {
    position: 'absolute',
    left: '6px',
    bottom: '6px',
    maxWidth: 'calc(100% - 12px)',
    display: 'flex',
    alignItems: 'center',
    gap: '4px',
    padding: '2px 6px',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: 'rgba(0, 0, 0, 0.55)',
    color: '#ffffff',
  },
  name: { overflowWrap: 'anywhere', minWidth: 0 },
})

export function AvatarTile({ uid, name, photo, audio, large, local }: TileProps) {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <figure
      className={mergeClasses(styles.tile)}
      data-uid={uid}
      aria-label={name}
      style={{ margin: 0 }}
    >
      <Avatar
        name={name}
        image={photo ? { src: photo } : undefined}
        size={large ? 96 : 48}
        color="colorful"
      />
      <figcaption className={styles.label}>
        {audio ? (
          <Mic16Filled aria-label={t('meeting.speaking')} />
        ) : (
          <MicOff16Filled aria-label={t('meeting.muted')} />
        )}
        <Text size={200} className={styles.name}>
          {local ? `${name} (${t('meeting.you')})` : name}
        </Text>
      </figcaption>
    </figure>
  )
}
