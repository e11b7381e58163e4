import { firstHost, isOnCdnWatch, memberOf } from '../projections/derive'
import { NO_CREATOR } from '../projections/conference'
import type { State } from '../projections'
import { CDN_AUDIENCE_CMDS, type CmdId } from '../wire/channel'
import { MuteAll } from '../wire/constants'
import {
  BOARD_CREATOR_ACTIONS,
  can,
  type Action,
  type BoardCreatorAction,
} from '../wire/permissions'
import { Role } from '../wire/roles'

/** Whether my role allows the action (spec §6, [ROLE-2]). */
export function selectCan(s: State, action: Action): boolean {
  return s.me !== null && can(s.me.role, action)
}

/** Am I the board creator ([ROLE-5])? */
export function selectIsBoardCreator(s: State): boolean {
  const creator = s.conference.createBoardUserId
  return s.me !== null && creator !== NO_CREATOR && creator !== '' && creator === s.me.uid
}

/** [ROLE-5] The board creator's extra rights. */
export function selectCreatorCan(s: State, action: BoardCreatorAction): boolean {
  return selectIsBoardCreator(s) && BOARD_CREATOR_ACTIONS.includes(action)
}

/** [MSG-5] Am I an audience on CDN watch? */
export const selectOnCdnWatch = isOnCdnWatch

/** [MSG-5] Does this client process channel command `cmd`? */
export function selectProcessesCmd(s: State, cmd: CmdId): boolean {
  return !isOnCdnWatch(s) || CDN_AUDIENCE_CMDS.has(cmd)
}

/** [MAIN-3] Setting the main screen is blocked while someone shares the screen or the board. */
export function selectMainScreenBlocked(s: State): boolean {
  return s.conference.shareScreen === 1 || s.conference.shareBoard === 1
}

/** [MUTE-6] Applying to unmute: me a non-host, mute-all 2, and a host to send it to. */
export function selectCanApplyToUnmute(s: State): boolean {
  return (
    s.me !== null &&
    s.me.role !== Role.host &&
    s.conference.muteAllAudio === MuteAll.applyToSpeak &&
    firstHost(s) !== undefined
  )
}

/** [APPLY-4] Only a host may invite, and not itself. */
export function selectCanInvite(s: State, uid: string): boolean {
  return selectCan(s, 'invite') && s.me?.uid !== uid && memberOf(s, uid) !== undefined
}

/** [BOARD-10] Cancelling a board request: the requester, or the board creator. */
export function selectCanCancelBoardRequest(s: State, requesterUid?: string): boolean {
  if (!s.me) return false
  if (requesterUid === undefined || requesterUid === s.me.uid)
    return s.requests.sent.has(`${s.conference.createBoardUserId}:3`)
  return selectIsBoardCreator(s)
}

/** [HOST-5] A new host must be in the audience list. */
export function selectCanMakeHost(s: State, uid: string): boolean {
  return selectCan(s, 'setHost') && s.users.audiences.has(uid)
}

/** [ROLE-3] Only a host sees the recording state. */
export function selectRecordingState(s: State): number | null {
  return selectCan(s, 'seeRecordingState') && s.room ? s.room.recordingState : null
}
