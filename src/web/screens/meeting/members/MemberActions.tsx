import { createSelector } from 'reselect'
import { Menu, MenuDivider, MenuItem, MenuList, MenuPopover } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { selectCan, selectCanInvite, selectCanMakeHost } from '@streams/selectors'
import { RequestType, type RequestTypeId } from '@streams/wire/peer'
import type { Member } from '@streams/wire/member'
import { Role } from '@streams/wire/roles'
import { useSession } from '../../../session/context'

/** What my role lets me do to members (spec §6); the core's permission table decides. */
export interface Powers {
  readonly grantMedia: boolean
  readonly grantBoard: boolean
  readonly invite: boolean
  readonly kick: boolean
  readonly setMainScreen: boolean
  readonly closeShare: boolean
}

/** One object per distinct set of powers (reselect's cache is keyed by the inputs). */
export const selectPowers: (s: State) => Powers = createSelector(
  [
    (s: State) => selectCan(s, 'grantMedia'),
    (s: State) => selectCan(s, 'grantBoard'),
    (s: State) => selectCan(s, 'invite'),
    (s: State) => selectCan(s, 'kick'),
    (s: State) => selectCan(s, 'setMainScreen'),
    (s: State) => selectCan(s, 'closeShareScreen'),
  ],
  (grantMedia, grantBoard, invite, kick, setMainScreen, closeShare): Powers => ({
    grantMedia,
    grantBoard,
    invite,
    kick,
    setMainScreen,
    closeShare,
  }),
)

/** Does a member row offer actions at all (a cheap check for every row)? */
export function hasActions(powers: Powers, member: Member, myUid: string | undefined): boolean {
  if (powers.setMainScreen) return true
  return member.uid !== myUid && (powers.grantMedia || powers.kick || powers.invite)
}

/**
 * A host's powers over one member ([ROLE-2]): grant or revoke audio, video, chat and board,
 * invite, make host, set the main screen, close a share, kick. Each click is an event; the core
 * checks the rule and calls the server. One menu serves the whole list, opened at a row's button.
 */
export function MemberActionsMenu({
  member,
  target,
  state,
  powers,
  onKick,
  onClose,
}: {
  member: Member
  target: HTMLElement
  state: State
  powers: Powers
  onKick: (m: Member) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const isMe = state.me?.uid === member.uid
  const audience = member.role !== Role.host
  const canInvite = selectCanInvite(state, member.uid)
  const canMakeHost = selectCanMakeHost(state, member.uid)
  const sharing = state.users.shareScreenUsers.has(member.uid)
  const media = (kind: 'audio' | 'video' | 'chat', on: boolean) =>
    dispatch({ type: 'ui/userMediaToggled', uid: member.uid, kind, on })
  const invite = (requestType: RequestTypeId) =>
    dispatch({ type: 'ui/inviteClicked', uid: member.uid, requestType })

  return (
    <Menu
      open
      positioning={{ target, position: 'below', align: 'end' }}
      onOpenChange={(_, d) => !d.open && onClose()}
    >
      <MenuPopover>
        <MenuList aria-label={t('members.actions', { name: member.userName })}>
          {!isMe && audience && powers.grantMedia && (
            <>
              <MenuItem onClick={() => media('audio', member.enableAudio !== 1)}>
                {member.enableAudio === 1 ? t('members.revokeAudio') : t('members.grantAudio')}
              </MenuItem>
              <MenuItem onClick={() => media('video', member.enableVideo !== 1)}>
                {member.enableVideo === 1 ? t('members.revokeVideo') : t('members.grantVideo')}
              </MenuItem>
              <MenuItem onClick={() => media('chat', member.enableChat !== 1)}>
                {member.enableChat === 1 ? t('members.revokeChat') : t('members.grantChat')}
              </MenuItem>
            </>
          )}
          {!isMe && audience && powers.grantBoard && (
            <MenuItem
              onClick={() =>
                dispatch({
                  type: 'ui/boardGrantToggled',
                  uid: member.uid,
                  grant: member.grantBoard !== 1,
                })
              }
            >
              {member.grantBoard === 1 ? t('members.revokeBoard') : t('members.grantBoard')}
            </MenuItem>
          )}
          {canInvite && audience && (
            <>
              <MenuDivider />
              {member.enableAudio !== 1 && (
                <MenuItem onClick={() => invite(RequestType.audio)}>
                  {t('members.inviteAudio')}
                </MenuItem>
              )}
              {member.enableVideo !== 1 && (
                <MenuItem onClick={() => invite(RequestType.video)}>
                  {t('members.inviteVideo')}
                </MenuItem>
              )}
              {member.enableChat !== 1 && (
                <MenuItem onClick={() => invite(RequestType.chat)}>
                  {t('members.inviteChat')}
                </MenuItem>
              )}
              {member.grantBoard !== 1 && (
                <MenuItem onClick={() => invite(RequestType.board)}>
                  {t('members.inviteBoard')}
                </MenuItem>
              )}
            </>
          )}
          {(canMakeHost || powers.setMainScreen || (sharing && powers.closeShare)) && (
            <MenuDivider />
          )}
          {canMakeHost && (
            <MenuItem onClick={() => dispatch({ type: 'ui/setHostClicked', uid: member.uid })}>
              {t('members.makeHost')}
            </MenuItem>
          )}
          {powers.setMainScreen && (
            <MenuItem onClick={() => dispatch({ type: 'ui/mainScreenChosen', uid: member.uid })}>
              {t('members.setMainScreen')}
            </MenuItem>
          )}
          {sharing && powers.closeShare && (
            <MenuItem onClick={() => dispatch({ type: 'ui/closeShareClicked', uid: member.uid })}>
              {t('members.closeShare')}
            </MenuItem>
          )}
          {!isMe && powers.kick && (
            <>
              <MenuDivider />
              <MenuItem onClick={() => onKick(member)}>{t('members.kick')}</MenuItem>
            </>
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}
