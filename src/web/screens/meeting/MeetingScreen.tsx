import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { selectPhase, selectRoom } from '@streams/selectors'
import { useCarriedNavigate } from '../../app/use-carried-navigate'
import { addRoomTexts } from '../../i18n/room'
import { useSelector, useSession } from '../../session/context'
import { exportSessionLog } from '../../session/export-log'
import { ReportProblemDialog } from '../../session/ReportProblem'
import { SessionGate } from '../../session/SessionGate'
import { WithMediaView } from '../../session/WithMediaView'
import { FluentShell } from '../../ui/FluentShell'
import { useNarrow } from '../../ui/use-narrow'
import { ChatPanel } from './chat/ChatPanel'
import { ConnectionNotice } from './dialogs/ConnectionNotice'
import { Boxes } from './dialogs/Boxes'
import { Toasts } from './dialogs/Toasts'
import { useRedirect } from './dialogs/use-redirect'
import { useResume } from '../../session/use-resume'
import { MeetingHeader } from './header/MeetingHeader'
import { MemberPanel } from './members/MemberPanel'
import { OutOfRoom } from './OutOfRoom'
import { MeetingMenu, type Drawer } from './menu/MeetingMenu'
import { DevicesDialog } from './panels/DevicesDialog'
import { InvitePanel, type InvitePlace } from './panels/InvitePanel'
import { SettingsDialog } from './panels/SettingsDialog'
import { ScreenShareView } from './video/SharedView'
import { VideoArea } from './video/VideoArea'
import { BoardArea } from '../../board/BoardArea'
import { LivePlayer } from '../../live/LivePlayer'
import { BusinessLayer } from '../../business/BusinessLayer'
import { Role } from '@streams/wire/roles'

addRoomTexts()

const useStyles = makeStyles({
  page: {
    height: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
    overflow: 'hidden',
  },
  body: {
    position: 'relative',
    flexGrow: 1,
    minHeight: 0,
    display: 'flex',
    gap: '8px',
    padding: '8px',
  },
  drawer: {
    width: '320px',
    flexShrink: 0,
    minHeight: 0,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  overlay: { position: 'absolute', inset: 0, width: 'auto', zIndex: 500, borderRadius: 0 },
  // Members and chat both open on a wide screen: one column, the members above the chat, so
  // the stage keeps the width of a single drawer.
  column: {
    width: '320px',
    flexShrink: 0,
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
  },
  half: { width: 'auto', flexBasis: 0, flexGrow: 1 },
})

const selectShare = (s: State): 'screen' | 'board' | null =>
  s.conference.shareScreen === 1 ? 'screen' : s.conference.shareBoard === 1 ? 'board' : null
const selectMaximised = (s: State) => s.layout.maximised
/** The room ended for me or I was removed: the core's boxes and redirects take me home. */
const selectEnded = (s: State) => s.session.ended
/** A CDN audience (role 3) watches the live stream instead of the SFU's tiles. */
const selectWatchesLive = (s: State) => s.me?.role === Role.cdnAudience

/** [ROUTE-5] The meeting route: the room screen in Fluent UI, once the session has loaded. */
export default function MeetingRoute() {
  return (
    <FluentShell>
      <SessionGate>
        <WithMediaView>
          <MeetingScreen />
        </WithMediaView>
      </SessionGate>
    </FluentShell>
  )
}

/**
 * The meeting screen (PC): header, the video area in its layout, the member and chat drawers,
 * the meeting menu, and the boxes and toasts the core decides. The replay screen renders it
 * too, with a replayed session: then it neither navigates nor offers the log ([ROUTE-15]).
 */
export function MeetingScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const session = useSession()
  const replay = session.replay === true
  const navigate = useCarriedNavigate()
  const narrow = useNarrow()
  const room = useSelector(selectRoom)
  const phase = useSelector(selectPhase)
  const ended = useSelector(selectEnded)
  const share = useSelector(selectShare)
  const maximised = useSelector(selectMaximised)
  const watchesLive = useSelector(selectWatchesLive)
  // On a wide screen the members and the chat start open; on a phone the stage does.
  const [opened, setOpened] = useState<readonly Drawer[]>(() => (narrow ? [] : ['members', 'chat']))
  // A phone shows one drawer at a time (the last opened), over the stage.
  const drawers: ReadonlySet<Drawer> = new Set(narrow ? opened.slice(-1) : opened)
  const [invite, setInvite] = useState<InvitePlace | null>(null)
  const [devicesOpen, setDevicesOpen] = useState(false)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [reporting, setReporting] = useState(false)
  const [endOpen, setEndOpen] = useState(false)
  useRedirect()
  useResume()

  useEffect(() => {
    document.title = t('meeting.title')
  }, [t])

  // Leaving goes home at once; after an end or a kick the core's box or redirect does it.
  useEffect(() => {
    if (phase === 'exited' && !ended && !replay) navigate('/home')
  }, [phase, ended, navigate, replay])

  // "Export session log" is also Ctrl+Shift+L on every screen (src/web/session/capture.ts).

  const toggleDrawer = useCallback(
    (drawer: Drawer) =>
      setOpened((open) => {
        const shown = narrow ? open.slice(-1) : open
        const without = open.filter((d) => d !== drawer)
        return shown.includes(drawer) ? without : [...without, drawer]
      }),
    [narrow],
  )
  const closeDrawer = (drawer: Drawer) => () =>
    setOpened((open) => open.filter((d) => d !== drawer))

  if (!room) {
    return (
      <OutOfRoom back="/home" backLabel={t('meeting.backHome')}>
        <Boxes />
        {/* The end or kick message stays until the core sends me home. */}
        <Toasts />
      </OutOfRoom>
    )
  }
  const drawerClass = mergeClasses(styles.drawer, narrow && styles.overlay)
  return (
    <main className={styles.page}>
      {!maximised && (
        <MeetingHeader
          narrow={narrow}
          onInvite={() => setInvite('top')}
          onExportLog={replay ? undefined : () => exportSessionLog(session)}
          onReport={replay ? undefined : () => setReporting(true)}
        />
      )}
      <div className={styles.body}>
        {watchesLive ? (
          <LivePlayer />
        ) : (
          <VideoArea
            compact={narrow}
            shared={
              share === 'screen' ? <ScreenShareView /> : share === 'board' ? <BoardArea /> : null
            }
          />
        )}
        {!maximised && drawers.has('members') && drawers.has('chat') && !narrow ? (
          <div className={styles.column}>
            <aside className={mergeClasses(styles.drawer, styles.half)}>
              <MemberPanel onClose={closeDrawer('members')} />
            </aside>
            <aside className={mergeClasses(styles.drawer, styles.half)}>
              <ChatPanel onClose={closeDrawer('chat')} />
            </aside>
          </div>
        ) : (
          <>
            {!maximised && drawers.has('members') && (
              <aside className={drawerClass}>
                <MemberPanel onClose={closeDrawer('members')} />
              </aside>
            )}
            {!maximised && drawers.has('chat') && (
              <aside className={drawerClass}>
                <ChatPanel onClose={closeDrawer('chat')} />
              </aside>
            )}
          </>
        )}
      </div>
      <MeetingMenu
        narrow={narrow}
        drawers={drawers}
        onDrawer={toggleDrawer}
        onInvite={() => setInvite('bottom')}
        onDevices={() => setDevicesOpen(true)}
        onSettings={() => setSettingsOpen(true)}
        onEnd={() => setEndOpen(true)}
      />
      {invite && <InvitePanel place={invite} onClose={() => setInvite(null)} />}
      {/* A replay previews no device of the person watching it. */}
      <DevicesDialog open={devicesOpen && !replay} onClose={() => setDevicesOpen(false)} />
      <SettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      {!replay && <ReportProblemDialog open={reporting} onClose={() => setReporting(false)} />}
      <Dialog open={endOpen} onOpenChange={(_, d) => !d.open && setEndOpen(false)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('menu.endConfirm')}</DialogTitle>
            <DialogActions>
              <Button
                appearance="primary"
                onClick={() => {
                  setEndOpen(false)
                  session.dispatch({ type: 'ui/endMeetingClicked' })
                }}
              >
                {t('menu.endMeeting')}
              </Button>
              <Button onClick={() => setEndOpen(false)}>{t('dialogs.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <BusinessLayer />
      <ConnectionNotice />
      <Boxes />
      <Toasts />
    </main>
  )
}
