import { makeStyles } from '@fluentui/react-components'
import { VideoTile } from '../../../media/VideoTile'
import { useIsReplay } from '../../../session/context'
/**
 * What a video tile shows. The media layer's tile renders them.
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
  /** [TRACK-9] The network quality the media layer measured for this member, when known. */
  readonly quality?: number
}

const useStyles = makeStyles({
  // 16:9 inside whatever box holds it (the box is a size container).
  fit: {
    width: 'min(100cqw, calc(100cqh * 16 / 9))',
    height: 'min(100cqh, calc(100cqw * 9 / 16))',
    minWidth: 0,
    margin: 'auto',
  },
})

/**
 * The tile the video area renders: the media layer's video tile (the member's video while there
 * is one, else the avatar), sized by the layout's cell. A replay shows initials, not photos: a
 * photo is a request to wherever it is hosted, and a replay calls no one ([ROUTE-15]).
 */
export function Tile({ uid, name, photo, audio, quality }: TileProps) {
  const styles = useStyles()
  const replay = useIsReplay()
  return (
    <VideoTile
      uid={uid}
      name={name}
      photo={replay ? undefined : photo}
      audio={audio}
      quality={quality}
      className={styles.fit}
    />
  )
}
