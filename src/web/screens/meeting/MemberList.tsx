import { Avatar, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { selectMe, selectMembers } from '../../../../streams/selectors'
import { MemberMediaToggles } from '../../media/MemberMediaToggles'
import { useSelector } from '../../session/context'

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    padding: '12px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
  },
  item: { display: 'flex', alignItems: 'center', gap: '8px', minWidth: 0 },
  name: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    flexGrow: 1,
    minWidth: 0,
  },
  meta: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
})

export function MemberList() {
  const styles = useStyles()
  const { t } = useTranslation()
  const members = useSelector(selectMembers)
  const me = useSelector(selectMe)
  return (
    <section className={styles.panel} aria-labelledby="members-title">
      <Text id="members-title" weight="semibold">
        {t('meeting.members')} ({members.length})
      </Text>
      <ul className={styles.list} aria-label={t('meeting.members')}>
        {members.map((m) => (
          <li key={m.uid} className={styles.item} data-uid={m.uid}>
            <Avatar name={m.userName} size={28} />
            <Text className={styles.name}>
              {m.userName}
              {m.uid === me?.uid ? ` (${t('meeting.you')})` : ''}
            </Text>
            <Text size={200} className={styles.meta}>
              {m.userState === 0 ? t('meeting.offline') : t(`meeting.roles.${m.role}`)}
            </Text>
            <MemberMediaToggles member={m} />
          </li>
        ))}
      </ul>
    </section>
  )
}
