import {
  Badge,
  Button,
  Text,
  Title3,
  Tooltip,
  makeStyles,
  mergeClasses,
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
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  // A phone: the room name and the language on one line, the figures and buttons below.
  narrowBar: { flexDirection: 'column', alignItems: 'stretch', gap: '2px', padding: '6px 8px' },
  line: { display: 'flex', alignItems: 'center', gap: '8px', minWidth: 0 },
  // One line: a long room name ends in an ellipsis (its whole name is the title).
  title: {
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  meta: { display: 'flex', alignItems: 'center', gap: '8px', flexShrink: 0 },
  narrowMeta: { gap: '2px', flexShrink: 1, minWidth: 0 },
  grow: { flexGrow: 1 },
  stat: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2px',
    whiteSpace: 'nowrap',
    flexShrink: 0,
  },
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

  const title = (
    <Title3 as="h1" className={styles.title} title={room?.roomName}>
      {room?.roomName}
    </Title3>
  )
  const figures = (
    <>
      <Text className={styles.stat}>
        {phase === 'inRoom' ? t('meeting.online', { count: online }) : t('meeting.connecting')}
      </Text>
      {muteAll !== MuteAll.off && (
        <Badge appearance="tint" color="warning" className={styles.stat}>
          {muteAll === MuteAll.applyToSpeak ? t('meeting.mutedAllApply') : t('meeting.mutedAll')}
        </Badge>
      )}
      {remaining !== null && (
        <Text className={styles.stat}>{t('meeting.remaining', { count: remaining })}</Text>
      )}
      <span className={styles.stat}>
        <Fire24Regular aria-hidden />
        <Text>{t('meeting.hot', { count: hot })}</Text>
      </span>
    </>
  )
  const buttons = (
    <>
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
    </>
  )
  if (narrow)
    return (
      <header className={mergeClasses(styles.bar, styles.narrowBar)}>
        <div className={styles.line}>
          {title}
          <LanguageSwitch />
        </div>
        <div className={styles.line}>
          <div className={mergeClasses(styles.meta, styles.narrowMeta)}>{figures}</div>
          <span className={styles.grow} />
          <div className={mergeClasses(styles.meta, styles.narrowMeta)}>{buttons}</div>
        </div>
      </header>
    )
  return (
    <header className={styles.bar}>
      {title}
      <div className={styles.meta}>
        {figures}
        {buttons}
        <LanguageSwitch />
      </div>
    </header>
  )
}
