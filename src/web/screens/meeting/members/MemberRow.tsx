import { makeStyles, tokens } from '@fluentui/react-components'
import {
  Mic16Filled,
  MicOff16Filled,
  MoreVertical20Regular,
  Star16Filled,
  Video16Filled,
  VideoOff16Filled,
} from '@fluentui/react-icons'
import { memo } from 'react'
import type { Member } from '@streams/wire/member'

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
  avatar: {
    width: '28px',
    height: '28px',
    flexShrink: 0,
    borderRadius: '50%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBrandBackground,
  },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  name: {
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    textOverflow: 'ellipsis',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
  },
  meta: {
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
  },
  icons: { display: 'flex', gap: '4px', color: tokens.colorNeutralForeground3, flexShrink: 0 },
  more: {
    width: '24px',
    height: '24px',
    flexShrink: 0,
    padding: 0,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground2,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  spacer: { width: '24px', flexShrink: 0 },
})

/** Up to two initials of a name, for the avatar. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters =
    words.length > 1 ? [words[0]![0], words[1]![0]] : [...(words[0] ?? '?')].slice(0, 2)
  return letters.join('').toUpperCase()
}

/**
 * One member: initials, name, role, microphone and camera, and the button that opens the host's
 * actions (one menu serves the whole list). Plain elements: 10,000 of these scroll past.
 */
/** The row's words, translated once for the whole list. */
export interface RowTexts {
  readonly you: string
  readonly offline: string
  readonly roles: Readonly<Record<number, string>>
  readonly speaking: string
  readonly muted: string
  readonly cameraOff: string
  readonly board: string
  readonly actions: (name: string) => string
}

export const MemberRow = memo(function MemberRow({
  member,
  me,
  actions,
  texts,
  onActions,
}: {
  member: Member
  me: boolean
  actions: boolean
  texts: RowTexts
  onActions: (member: Member, target: HTMLElement) => void
}) {
  const styles = useStyles()
  return (
    <div className={styles.row} data-uid={member.uid}>
      <span className={styles.avatar} aria-hidden>
        {initials(member.userName)}
      </span>
      <div className={styles.text}>
        <span className={styles.name} title={member.userName}>
          {me ? `${member.userName} (${texts.you})` : member.userName}
        </span>
        <span className={styles.meta}>
          {member.userState === 0 ? texts.offline : texts.roles[member.role]}
        </span>
      </div>
      <span className={styles.icons}>
        {member.grantBoard === 1 && <Star16Filled aria-label={texts.board} />}
        {member.enableAudio === 1 ? (
          <Mic16Filled aria-label={texts.speaking} />
        ) : (
          <MicOff16Filled aria-label={texts.muted} />
        )}
        {member.enableVideo === 1 ? (
          <Video16Filled aria-hidden />
        ) : (
          <VideoOff16Filled aria-label={texts.cameraOff} />
        )}
      </span>
      {actions ? (
        <button
          type="button"
          className={styles.more}
          aria-label={texts.actions(member.userName)}
          aria-haspopup="menu"
          onClick={(event) => onActions(member, event.currentTarget)}
        >
          <MoreVertical20Regular />
        </button>
      ) : (
        <span className={styles.spacer} />
      )}
    </div>
  )
})
