import {
  Button,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components'
import { MoreVertical20Regular } from '@fluentui/react-icons'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '../../../../../streams/projections'
import { selectCan, selectCanInvite, selectCanMakeHost } from '../../../../../streams/selectors'
import { RequestType } from '../../../../../streams/wire/peer'
import type { Member } from '../../../../../streams/wire/member'
import { Role } from '../../../../../streams/wire/roles'
import { useSelector, useSession } from '../../../session/context'

/** What my role lets me do to members (spec §6); the core's permission table decides. */
function powersOf(s: State) {
  return {
    grantMedia: selectCan(s, 'grantMedia'),
    grantBoard: selectCan(s, 'grantBoard'),
    invite: selectCan(s, 'invite'),
    kick: selectCan(s, 'kick'),
    setMainScreen: selectCan(s, 'setMainScreen'),
    closeShare: selectCan(s, 'closeShareScreen'),
  }
}
type Powers = ReturnType<typeof powersOf>
let lastPowers: Powers | undefined
function selectPowers(s: State): Powers {
  const next = powersOf(s)
  if (
    lastPowers &&
    Object.keys(next).every((k) => next[k as keyof Powers] === lastPowers![k as keyof Powers])
  )
    return lastPowers
  lastPowers = next
  return next
}

/**
 * A host's powers over one member ([ROLE-2]): grant or revoke audio, video, chat and board,
 * invite, make host, set the main screen, close a share, kick. Each click is an event; the core
 * checks the rule and calls the server.
 */
export function MemberActions({ member, onKick }: { member: Member; onKick: (m: Member) => void }) {
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const powers = useSelector(selectPowers)
  const canInvite = useSelector(
    useCallback((s: State) => selectCanInvite(s, member.uid), [member.uid]),
  )
  const canMakeHost = useSelector(
    useCallback((s: State) => selectCanMakeHost(s, member.uid), [member.uid]),
  )
  const sharing = useSelector(
    useCallback((s: State) => s.users.shareScreenUsers.has(member.uid), [member.uid]),
  )
  const isMe = useSelector(useCallback((s: State) => s.me?.uid === member.uid, [member.uid]))
  const audience = member.role !== Role.host
  const any =
    powers.setMainScreen ||
    (!isMe && (powers.grantMedia || powers.kick || canInvite || canMakeHost))
  if (!any) return null

  const media = (kind: 'audio' | 'video' | 'chat', on: boolean) =>
    dispatch({ type: 'ui/userMediaToggled', uid: member.uid, kind, on })
  const invite = (requestType: (typeof RequestType)[keyof typeof RequestType]) =>
    dispatch({ type: 'ui/inviteClicked', uid: member.uid, requestType })

  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          size="small"
          icon={<MoreVertical20Regular />}
          aria-label={t('members.actions', { name: member.userName })}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
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
