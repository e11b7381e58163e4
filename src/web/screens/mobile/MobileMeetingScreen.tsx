import { createSelector } from 'reselect'
import { Button, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components'
import {
  ArrowDownload24Regular,
  PersonFeedback24Regular,
  Heart24Regular,
  Mic24Regular,
  MicOff24Regular,
  SignOut24Regular,
  Video24Regular,
  VideoOff24Regular,
} from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { selectOnlineCount, selectPhase, selectRoom } from '@streams/selectors'
import { Role } from '@streams/wire/roles'
import { LanguageSwitch } from '../../app/LanguageSwitch'
import { useCarriedNavigate } from '../../app/use-carried-navigate'
import { addRoomTexts } from '../../i18n/room'
import { useSelector, useSession } from '../../session/context'
import { exportSessionLog } from '../../session/export-log'
import { ReportProblemDialog } from '../../session/ReportProblem'
import { SessionGate } from '../../session/SessionGate'
import { WithMediaView } from '../../session/WithMediaView'
import { FluentShell } from '../../ui/FluentShell'
import { ChatPanel } from '../meeting/chat/ChatPanel'
import { ConnectionNotice } from '../meeting/dialogs/ConnectionNotice'
import { Boxes } from '../meeting/dialogs/Boxes'
import { Toasts } from '../meeting/dialogs/Toasts'
import { useRedirect } from '../meeting/dialogs/use-redirect'
import { useResume } from '../../session/use-resume'
import { MemberPanel } from '../meeting/members/MemberPanel'
import { OutOfRoom } from '../meeting/OutOfRoom'
import { ApplyMenu } from '../meeting/menu/ApplyMenu'
import { ScreenShareView } from '../meeting/video/SharedView'
import { VideoArea } from '../meeting/video/VideoArea'
import { LivePlayer } from '../../live/LivePlayer'
import { BusinessLayer } from '../../business/BusinessLayer'
import { BusinessMenu } from '../../business/BusinessMenu'

addRoomTexts()

const useStyles = makeStyles({
  page: {
    height: '100dvh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
    overflow: 'hidden',
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '8px 12px',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  // One line: a long room name ends in an ellipsis; the figures never wrap.
  title: {
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  stat: { whiteSpace: 'nowrap', flexShrink: 0 },
  stage: {
    display: 'flex',
    height: '34vh',
    minHeight: '160px',
    padding: '6px',
    boxSizing: 'border-box',
  },
  tabs: { backgroundColor: tokens.colorNeutralBackground1 },
  panel: { flexGrow: 1, minHeight: 0, backgroundColor: tokens.colorNeutralBackground1 },
  bar: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-around',
    gap: '4px',
    padding: '6px 8px calc(6px + env(safe-area-inset-bottom))',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
})

const selectLikes = (s: State) => s.live.likeTotal
const selectHot = (s: State) => s.live.hotNum
const selectShare = (s: State) => s.conference.shareScreen === 1
const selectEnded = (s: State) => s.session.ended
/** One object per distinct role and media rights (reselect's cache is keyed by the inputs). */
const selectMe = createSelector(
  [(s: State) => s.me?.role, (s: State) => s.me?.enableAudio, (s: State) => s.me?.enableVideo],
  (role, audio, video) => ({ role, audio, video }),
)

/** /m/meeting: the live meeting laid out for a phone's in-app browser. */
export default function MobileMeetingRoute() {
  return (
    <FluentShell>
      <SessionGate>
        <WithMediaView>
          <MobileMeetingScreen />
        </WithMediaView>
      </SessionGate>
    </FluentShell>
  )
}

/**
 * The phone's meeting screen. The replay screen renders it too, with a replayed session: then
 * it does not navigate ([ROUTE-15]).
 */
export function MobileMeetingScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const session = useSession()
  const { dispatch, replay } = session
  const navigate = useCarriedNavigate()
  const room = useSelector(selectRoom)
  const phase = useSelector(selectPhase)
  const online = useSelector(selectOnlineCount)
  const likes = useSelector(selectLikes)
  const hot = useSelector(selectHot)
  const sharing = useSelector(selectShare)
  const ended = useSelector(selectEnded)
  const me = useSelector(selectMe)
  const [tab, setTab] = useState<'chat' | 'members'>('chat')
  const [reporting, setReporting] = useState(false)
  useRedirect()
  useResume()

  useEffect(() => {
    document.title = t('meeting.title')
  }, [t])
  useEffect(() => {
    if (phase === 'exited' && !ended && !replay) navigate('/m/guide')
  }, [phase, ended, navigate, replay])

  if (!room)
    return (
      <OutOfRoom back="/m/guide" backLabel={t('meeting.backGuide')}>
        <Boxes />
        {/* The end or kick message stays until the core sends me on. */}
        <Toasts />
      </OutOfRoom>
    )
  const conferee = me.role === Role.conferee
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <Text as="h1" weight="semibold" size={400} className={styles.title} title={room.roomName}>
          {room.roomName}
        </Text>
        <Text size={200} className={styles.stat}>
          {t('meeting.online', { count: online })}
        </Text>
        <Text size={200} className={styles.stat}>
          {t('meeting.hot', { count: hot })}
        </Text>
        {!replay && (
          <Button
            appearance="subtle"
            icon={<ArrowDownload24Regular />}
            aria-label={t('settings.exportLog')}
            onClick={() => exportSessionLog(session)}
          />
        )}
        {!replay && (
          <Button
            appearance="subtle"
            icon={<PersonFeedback24Regular />}
            aria-label={t('settings.report')}
            onClick={() => setReporting(true)}
          />
        )}
        <LanguageSwitch />
      </header>
      <section className={styles.stage} aria-label={t('meeting.mainScreen')}>
        {me.role === Role.cdnAudience ? (
          <LivePlayer />
        ) : (
          <VideoArea compact shared={sharing ? <ScreenShareView /> : null} />
        )}
      </section>
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        onTabSelect={(_, d) => setTab(d.value as 'chat' | 'members')}
      >
        <Tab value="chat">{t('menu.chat')}</Tab>
        <Tab value="members">{t('menu.members')}</Tab>
      </TabList>
      <div className={styles.panel}>
        {tab === 'chat' ? <ChatPanel bare /> : <MemberPanel bare />}
      </div>
      <nav className={styles.bar} aria-label={t('menu.label')}>
        <Button
          appearance="subtle"
          icon={<Heart24Regular />}
          aria-label={t('meeting.like')}
          onClick={() => dispatch({ type: 'ui/likeClicked' })}
        >
          {String(likes)}
        </Button>
        {conferee && (
          <>
            <Button
              appearance="subtle"
              aria-label={t('menu.audio')}
              aria-pressed={me.audio === 1}
              icon={me.audio === 1 ? <Mic24Regular /> : <MicOff24Regular />}
              onClick={() =>
                dispatch({ type: 'ui/mediaToggled', kind: 'audio', on: me.audio !== 1 })
              }
            />
            <Button
              appearance="subtle"
              aria-label={t('menu.video')}
              aria-pressed={me.video === 1}
              icon={me.video === 1 ? <Video24Regular /> : <VideoOff24Regular />}
              onClick={() =>
                dispatch({ type: 'ui/mediaToggled', kind: 'video', on: me.video !== 1 })
              }
            />
            <ApplyMenu narrow />
          </>
        )}
        <BusinessMenu narrow />
        <Button
          appearance="primary"
          icon={<SignOut24Regular />}
          aria-label={t('menu.leaveMeeting')}
          onClick={() => dispatch({ type: 'ui/leaveClicked' })}
        />
      </nav>
      <BusinessLayer />
      <ConnectionNotice />
      <Boxes />
      <Toasts />
      {!replay && <ReportProblemDialog open={reporting} onClose={() => setReporting(false)} />}
    </main>
  )
}
