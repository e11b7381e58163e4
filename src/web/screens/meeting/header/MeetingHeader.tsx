import {
  Badge,
  Button,
  Text,
  Title3,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import {
  ArrowDownload24Regular,
  Fire24Regular,
  FullScreenMaximize24Regular,
  FullScreenMinimize24Regular,
  Heart24Regular,
  PersonAdd24Regular,
  PersonFeedback24Regular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { selectCan, selectOnlineCount, selectPhase, selectRoom } from '@streams/selectors'
import { MuteAll } from '@streams/wire/constants'
import { LanguageSwitch } from '../../../app/LanguageSwitch'
import { useSelector, useSession } from '../../../session/context'

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '6px 12px',
    flexWrap: 'wrap',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  title: { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' },
  meta: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  stat: { display: 'inline-flex', alignItems: 'center', gap: '2px', whiteSpace: 'nowrap' },
})

const selectLikes = (s: State) => s.live.likeTotal
const selectHot = (s: State) => s.live.hotNum
const selectMaximised = (s: State) => s.layout.maximised
const selectMuteAll = (s: State) => s.conference.muteAllAudio
/** [COUNT-1] Only a host gets the countdown. */
const selectRemaining = (s: State) =>
  selectCan(s, 'countdown') ? s.conference.remainingMinutes : null

/**
 * The meeting header: room name, online count, likes and the hot number ([LIKE-1]), the host's
 * remaining time, the invite entry (top), the maximise toggle and the language.
 */
export function MeetingHeader({
  narrow,
  onInvite,
  onExportLog,
  onReport,
}: {
  narrow: boolean
  onInvite: () => void
  /** Exports the session log; no export button without it (a replay offers none). */
  onExportLog?: () => void
  /** Opens "Report a problem"; none without it (a replay offers none). */
  onReport?: () => void
}) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const room = useSelector(selectRoom)
  const phase = useSelector(selectPhase)
  const online = useSelector(selectOnlineCount)
  const likes = useSelector(selectLikes)
  const hot = useSelector(selectHot)
  const maximised = useSelector(selectMaximised)
  const muteAll = useSelector(selectMuteAll)
  const remaining = useSelector(selectRemaining)

  return (
    <header className={styles.bar}>
      <Title3 as="h1" className={styles.title}>
        {room?.roomName}
      </Title3>
      <div className={styles.meta}>
        <Text>
          {phase === 'inRoom' ? t('meeting.online', { count: online }) : t('meeting.connecting')}
        </Text>
        {muteAll !== MuteAll.off && (
          <Badge appearance="tint" color="warning">
            {muteAll === MuteAll.applyToSpeak ? t('meeting.mutedAllApply') : t('meeting.mutedAll')}
          </Badge>
        )}
        {remaining !== null && <Text>{t('meeting.remaining', { count: remaining })}</Text>}
        <span className={styles.stat}>
          <Fire24Regular aria-hidden />
          <Text>{t('meeting.hot', { count: hot })}</Text>
        </span>
        <Tooltip content={t('meeting.likes', { count: likes })} relationship="description">
          <Button
            appearance="subtle"
            icon={<Heart24Regular />}
            aria-label={t('meeting.like')}
            onClick={() => dispatch({ type: 'ui/likeClicked' })}
          >
            {String(likes)}
          </Button>
        </Tooltip>
        <Button
          appearance="subtle"
          icon={<PersonAdd24Regular />}
          aria-label={narrow ? t('invite.title') : undefined}
          onClick={onInvite}
        >
          {narrow ? null : t('invite.title')}
        </Button>
        <Button
          appearance="subtle"
          icon={maximised ? <FullScreenMinimize24Regular /> : <FullScreenMaximize24Regular />}
          aria-pressed={maximised}
          aria-label={maximised ? t('meeting.restore') : t('meeting.maximise')}
          onClick={() => dispatch({ type: 'ui/maximiseToggled' })}
        />
        {onExportLog && (
          <Button
            appearance="subtle"
            icon={<ArrowDownload24Regular />}
            aria-label={narrow ? t('settings.exportLog') : undefined}
            onClick={onExportLog}
          >
            {narrow ? null : t('settings.exportLog')}
          </Button>
        )}
        {onReport && (
          <Button
            appearance="subtle"
            icon={<PersonFeedback24Regular />}
            aria-label={narrow ? t('settings.report') : undefined}
            onClick={onReport}
          >
            {narrow ? null : t('settings.report')}
          </Button>
        )}
        <LanguageSwitch />
      </div>
    </header>
  )
}
