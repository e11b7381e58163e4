import { createSelector } from 'reselect'
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components'
import { FullScreenMaximize24Regular, FullScreenMinimize24Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { selectMember } from '@streams/selectors'
import { useSelector, useSession } from '../../../session/context'
import { VideoTile } from '../../../media/VideoTile'

const useStyles = makeStyles({
  view: {
    position: 'relative',
    width: '100%',
    height: '100%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: '#111111',
    color: '#ffffff',
  },
  full: { position: 'fixed', inset: 0, zIndex: 800, borderRadius: 0 },
  toggle: { position: 'absolute', right: '8px', top: '8px', zIndex: 1 },
  picture: { position: 'absolute', inset: 0, width: '100%', height: '100%', minWidth: 0 },
})

interface Sharer {
  readonly name: string
  /** The uid the share's video comes under: the sharer's screenId, else `uid-screen`. */
  readonly screenUid: string
}

const selectSharerUid = (s: State): string | undefined => s.users.shareScreenUsers.keys()[0]
/** One object per distinct sharer (reselect's cache is keyed by the inputs). */
const selectSharer: (s: State) => Sharer | null = createSelector(
  [
    selectSharerUid,
    (s: State) => {
      const uid = selectSharerUid(s)
      return uid === undefined ? '' : (selectMember(s, uid)?.userName ?? '')
    },
    (s: State) => {
      const uid = selectSharerUid(s)
      return uid === undefined ? '' : selectMember(s, uid)?.screenId || `${uid}-screen`
    },
  ],
  (uid, name, screenUid): Sharer | null => (uid ? { name, screenUid } : null),
)
const selectFullscreen = (s: State) => s.ui.fullscreenShare

/**
 * The screen-share view: who shares, and the full-screen toggle ([SCREEN-3]: it closes when the
 * share stops). The picture itself is the media layer's (src/web/media), mounted here.
 */
export function ScreenShareView() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const sharer = useSelector(selectSharer)
  const name = sharer?.name ?? ''
  const fullscreen = useSelector(selectFullscreen)
  return (
    <section
      className={fullscreen ? `${styles.view} ${styles.full}` : styles.view}
      aria-label={t('meeting.sharing')}
    >
      <Text>{t('share.sharer', { name })}</Text>
      {sharer && (
        <VideoTile
          uid={sharer.screenUid}
          name={t('media.screenOf', { name })}
          fit="contain"
          className={styles.picture}
        />
      )}
      <Button
        className={styles.toggle}
        appearance="secondary"
        icon={fullscreen ? <FullScreenMinimize24Regular /> : <FullScreenMaximize24Regular />}
        onClick={() => dispatch({ type: 'ui/fullscreenShareToggled', on: !fullscreen })}
      >
        {fullscreen ? t('share.exitFullscreen') : t('share.fullscreen')}
      </Button>
    </section>
  )
}
