import type { Member } from '@streams/wire/member'
import { MuteAll } from '@streams/wire/constants'
import {
  PeerCmd,
  PeerRole,
  type PeerRoleId,
  type RequestActionId,
  RequestType,
  type RequestTypeId,
} from '@streams/wire/peer'
import { Role } from '@streams/wire/roles'
import type { Deps } from '../deps'
import { ApiFailure } from '../http/errors'
import { listMembers } from '../store/member-pages'
import { findPresentMember } from '../store/members'
import {
  recordRequest,
  takePendingRequest,
  withdrawRequest,
  type RequestKind,
} from '../store/room-requests'
import type { RoomRow } from '../store/rooms'
import { Code, requireAction } from './access'
import { applyRequest } from './grants'

type Kind = RequestKind
const STALE_MS = 10 * 60_000

/**
 * Invitations (host to member, peer cmd 1) and applications (member to host, or to the board
 * creator for the board, peer cmd 2) ([APPLY-1] to [APPLY-5]). The server records each request,
 * delivers the peer message itself, and on an accept turns the requested state on, so a member
 * can only ever turn its own state on through a host's yes.
 */
async function record(
  deps: Deps,
  room: RoomRow,
  kind: Kind,
  from: string,
  to: string,
  type: number,
) {
  await recordRequest(deps.db, { roomId: room.room_id, kind, from, to, type, at: deps.now() })
}

/** Consumes a pending request to `uid` (an invite) or from `uid` (an application). */
export async function takeRequest(
  deps: Deps,
  room: RoomRow,
  kind: Kind,
  uid: string,
  type: number,
  other?: string,
): Promise<boolean> {
  return takePendingRequest(deps.db, {
    roomId: room.room_id,
    kind,
    uid,
    type,
    since: deps.now() - STALE_MS,
    other,
  })
}

async function send(
  deps: Deps,
  cmd: 1 | 2,
  from: Member,
  to: Member,
  type: RequestTypeId,
  role: PeerRoleId,
  action?: RequestActionId,
) {
  const delivered = await deps.announce.peer(to.uid, cmd, {
    userId: from.userId,
    userName: from.userName,
    uid: from.uid,
    type,
    role,
    ...(action ? { action } : {}),
  })
  return { to: to.uid, delivered }
}

export async function invite(
  deps: Deps,
  room: RoomRow,
  me: Member,
  to: Member,
  type: RequestTypeId,
) {
  requireAction(me, 'invite')
  // [APPLY-4] not to themselves.
  if (to.uid === me.uid)
    throw new ApiFailure(Code.forbidden, 'a host cannot invite itself', { reason: 'forbidden' })
  await record(deps, room, 'invite', me.uid, to.uid, type)
  return send(deps, PeerCmd.invite, me, to, type, PeerRole.approver)
}

/** The invitee accepts (1) or rejects (2) an invitation from `host`. */
export async function answerInvite(
  deps: Deps,
  room: RoomRow,
  me: Member,
  host: Member,
  type: RequestTypeId,
  action: 1 | 2 | 3,
) {
  if (action === 3)
    throw new ApiFailure(Code.forbidden, 'only the host who invited may cancel an invitation', {
      reason: 'forbidden',
    })
  if (!(await takeRequest(deps, room, 'invite', me.uid, type, host.uid)))
    throw new ApiFailure(Code.noMember, 'no pending invitation', { reason: 'noRequest' })
  if (action === 1)
    await applyRequest(deps, room, { userId: me.userId, userName: me.userName }, me, type)
  return send(deps, PeerCmd.invite, me, host, type, PeerRole.applicant, action)
}

/** An application goes to the board creator for the board ([BOARD-11]), else to the first host. */
export async function apply(deps: Deps, room: RoomRow, me: Member, type: RequestTypeId) {
  requireAction(me, 'applyMedia')
  // [MUTE-6] Under forced mute nobody asks to speak; mute-all 2 is the mode that lets them.
  if (type === RequestType.audio && room.mute_all_audio === MuteAll.forced)
    throw new ApiFailure(Code.forbidden, 'everyone is muted: asking to speak is not allowed now', {
      reason: 'forbidden',
    })
  const creator =
    type === 3
      ? await findPresentMember(deps.db, room.room_id, room.create_board_user_id)
      : undefined
  const host = (await listMembers(deps.db, room.room_id, { role: Role.host, page: 1, size: 1 }))
    .list[0]
  const to = creator && creator.uid !== me.uid ? creator : host
  if (!to) throw new ApiFailure(Code.noMember, 'no host to ask', { reason: 'noHost' })
  await record(deps, room, 'apply', me.uid, to.uid, type)
  return send(deps, PeerCmd.apply, me, to, type, PeerRole.approver)
}

/** The host (or the board creator, for the board) accepts or rejects an application. */
export async function answerApplication(
  deps: Deps,
  room: RoomRow,
  me: Member,
  applicant: Member,
  type: RequestTypeId,
  action: 1 | 2,
) {
  const creatorAnswersBoard = type === 3 && room.create_board_user_id === me.uid
  if (!creatorAnswersBoard) requireAction(me, 'answerApplication')
  if (!(await takeRequest(deps, room, 'apply', applicant.uid, type)))
    throw new ApiFailure(Code.noMember, 'no pending application', { reason: 'noRequest' })
  if (action === 1)
    await applyRequest(deps, room, { userId: me.userId, userName: me.userName }, applicant, type)
  return send(deps, PeerCmd.apply, me, applicant, type, PeerRole.applicant, action)
}

/** The requester withdraws its own request; the other side gets a notice ([BOARD-10]). */
export async function cancelRequest(
  deps: Deps,
  room: RoomRow,
  kind: Kind,
  me: Member,
  to: Member | undefined,
  type: RequestTypeId,
) {
  if (kind === 'apply') requireAction(me, 'cancelBoardRequest')
  const toUid = await withdrawRequest(deps.db, {
    roomId: room.room_id,
    kind,
    from: me.uid,
    type,
    to: to?.uid,
  })
  const other = toUid ? await findPresentMember(deps.db, room.room_id, toUid) : undefined
  if (!other) throw new ApiFailure(Code.noMember, 'no pending request', { reason: 'noRequest' })
  return send(
    deps,
    kind === 'invite' ? PeerCmd.invite : PeerCmd.apply,
    me,
    other,
    type,
    PeerRole.notice,
  )
}
