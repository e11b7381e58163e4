import { Button, Text, Title3, makeStyles, tokens } from '@fluentui/react-components'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import { selectOnlineCount, selectPhase, selectRoom } from '../../../../streams/selectors'
import { useSelector, useSession } from '../../session/context'
import { exportSessionLog } from '../../session/export-log'
import { MediaArea } from '../../media/MediaArea'
import { ChatPanel } from './ChatPanel'
import { MemberList } from './MemberList'

const useStyles = makeStyles({
  page: {
    height: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    padding: '8px 16px',
    flexWrap: 'wrap',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  title: {
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  body: {
    flexGrow: 1,
    minHeight: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(200px, 280px) 1fr',
    gap: '12px',
    padding: '12px',
  },
  center: {
    margin: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    alignItems: 'center',
  },
})

/** [ROUTE-5] The meeting screen: members and chat (the walking skeleton's view). */
export default function MeetingScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const session = useSession()
  const navigate = useNavigate()
  const room = useSelector(selectRoom)
  const phase = useSelector(selectPhase)
  const online = useSelector(selectOnlineCount)

  useEffect(() => {
    document.title = t('meeting.title')
  }, [t])
  useEffect(() => {
    if (phase === 'exited') navigate('/home')
  }, [phase, navigate])

  if (!room) {
    return (
      <main className={styles.center}>
        <Text>{t('meeting.notInRoom')}</Text>
        <Link to="/home">{t('meeting.backHome')}</Link>
      </main>
    )
  }
  return (
    <main className={styles.page}>
      <header className={styles.bar}>
        <Title3 className={styles.title}>{room.roomName}</Title3>
        <Text>
          {phase === 'inRoom' ? t('meeting.online', { count: online }) : t('meeting.connecting')}
        </Text>
        <Button onClick={() => exportSessionLog(session)}>{t('meeting.exportLog')}</Button>
        <Button appearance="primary" onClick={() => session.dispatch({ type: 'ui/leaveClicked' })}>
          {t('meeting.leave')}
        </Button>
      </header>
      <MediaArea />
      <div className={styles.body}>
        <MemberList />
        <ChatPanel />
      </div>
    </main>
  )
}
