import { makeStyles } from '@fluentui/react-components'
import { useSession } from '../session/context'
import { MediaViewProvider } from './context'
import { MediaControls } from './MediaControls'
import { VideoGrid } from './VideoGrid'

const useStyles = makeStyles({
  area: { display: 'flex', flexDirection: 'column', gap: '8px', padding: '8px 12px 0' },
})

/** The meeting's media: my controls, then the video tiles, rendered by the session's adapter. */
export function MediaArea() {
  const styles = useStyles()
  const { view } = useSession()
  return (
    <MediaViewProvider view={view}>
      <section className={styles.area}>
        <MediaControls />
        <VideoGrid />
      </section>
    </MediaViewProvider>
  )
}
