import { Avatar, Text, makeStyles, tokens } from '@fluentui/react-components'
import {
  Mic16Filled,
  MicOff16Filled,
  Star16Filled,
  Video16Filled,
  VideoOff16Filled,
} from '@fluentui/react-icons'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Member } from '../../../../../streams/wire/member'
import { MemberActions } from './MemberActions'

export const ROW_HEIGHT = 44

const useStyles = makeStyles({
  row: {
    height: `${ROW_HEIGHT}px`,
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '0 8px',
    minWidth: 0,
  },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  name: { overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' },
  meta: { color: tokens.colorNeutralForeground3 },
  icons: { display: 'flex', gap: '4px', color: tokens.colorNeutralForeground3, flexShrink: 0 },
})

/** One member: avatar, name, role, microphone and camera, and the host's actions. */
export const MemberRow = memo(function MemberRow({
  member,
  me,
  onKick,
}: {
  member: Member
  me: boolean
  onKick: (m: Member) => void
}) {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <div className={styles.row} data-uid={member.uid}>
      <Avatar name={member.userName} size={28} color="colorful" />
      <div className={styles.text}>
        <Text className={styles.name} title={member.userName}>
          {me ? `${member.userName} (${t('meeting.you')})` : member.userName}
        </Text>
        <Text size={200} className={styles.meta}>
          {member.userState === 0 ? t('meeting.offline') : t(`meeting.roles.${member.role}`)}
        </Text>
      </div>
      <span className={styles.icons}>
        {member.grantBoard === 1 && <Star16Filled aria-label={t('members.grantBoard')} />}
        {member.enableAudio === 1 ? (
          <Mic16Filled aria-label={t('meeting.speaking')} />
        ) : (
          <MicOff16Filled aria-label={t('meeting.muted')} />
        )}
        {member.enableVideo === 1 ? (
          <Video16Filled aria-hidden />
        ) : (
          <VideoOff16Filled aria-label={t('meeting.cameraOff')} />
        )}
      </span>
      <MemberActions member={member} onKick={onKick} />
    </div>
  )
})
