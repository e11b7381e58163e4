import { Cmd } from '@streams/wire/channel'
import { ControlCode, type ControlCodeId } from '@streams/wire/control'
import type { Member } from '@streams/wire/member'
import { RequestType, type RequestTypeId } from '@streams/wire/peer'
import { Role } from '@streams/wire/roles'
import type { Deps } from '../deps'
import { ApiFailure } from '../http/errors'
import { updateMember } from '../store/members'
import { clearBoardGrants } from '../store/room-members'
import { getRoom, lockRoom, updateRoom, type RoomRow } from '../store/rooms'
import { Code } from './access'
import type { Actor } from './announce'

export type MediaField = 'enableAudio' | 'enableVideo' | 'enableChat'

export const FIELD_OF_TYPE: Record<RequestTypeId, MediaField | 'grantBoard'> = {
  [RequestType.audio]: 'enableAudio',
  [RequestType.video]: 'enableVideo',
  [RequestType.board]: 'grantBoard',
  [RequestType.chat]: 'enableChat',
}

const CODES: Record<MediaField, [ControlCodeId, ControlCodeId]> = {
  enableAudio: [ControlCode.muteAudio, ControlCode.unmuteAudio],
  enableVideo: [ControlCode.muteVideo, ControlCode.unmuteVideo],
  enableChat: [ControlCode.chat, ControlCode.chat],
}

/**
 * Sets one media flag of a member and announces the user state (cmd 4) with its control code.
 * A CDN audience never publishes ([ROLE-4]).
 */
export async function setMediaFlag(
  deps: Deps,
  room: RoomRow,
  actor: Actor,
  target: Member,
  field: MediaField,
  value: 0 | 1,
): Promise<Member> {
  if (
    value === 1 &&
    field !== 'enableChat' &&
    target.role !== Role.host &&
    target.role !== Role.conferee
  )
    throw new ApiFailure(Code.forbidden, 'a CDN audience or projection never publishes', {
      reason: 'forbidden',
    })
  const updated = await updateMember(deps.db, room.room_id, target.uid, { [field]: value })
  if (!updated) throw new ApiFailure(Code.noMember, 'no matching audience', { reason: 'noMember' })
  deps.announce.channel(room.channel_name, Cmd.userState, {
    ...actor,
    uid: target.uid,
    [field]: value,
    code: CODES[field][value],
  })
  return updated
}

/**
 * Grants (1) or revokes (0) the board: the first grantee becomes the creator ([BOARD-4]);
 * revoking the creator clears every sharer and ends the share ([BOARD-5]); revoking another
 * member removes only that member ([BOARD-6]). Announced as cmd 5.
 */
export async function setBoardGrant(
  deps: Deps,
  room: RoomRow,
  actor: Actor,
  target: Member,
  grant: 0 | 1,
): Promise<{ member: Member; room: RoomRow }> {
  const now = deps.now()
  const result = await deps.db.transaction(async (tx) => {
    await lockRoom(tx, room.room_id)
    const current = (await getRoom(tx, room.room_id)) ?? room
    const noCreator = current.create_board_user_id === '' || current.create_board_user_id === '0'
    if (grant === 1) {
      const member = await updateMember(tx, room.room_id, target.uid, { grantBoard: 1 })
      const updated = await updateRoom(
        tx,
        room.room_id,
        noCreator ? { createBoardUserId: target.uid, shareBoard: 1 } : { shareBoard: 1 },
        now,
      )
      return { member, room: updated, endedShare: false, startedShare: current.share_board === 0 }
    }
    if (current.create_board_user_id === target.uid) {
      await clearBoardGrants(tx, room.room_id)
      const member = await updateMember(tx, room.room_id, target.uid, {})
      const updated = await updateRoom(
        tx,
        room.room_id,
        { createBoardUserId: '0', shareBoard: 0 },
        now,
      )
      return { member, room: updated, endedShare: true, startedShare: false }
    }
    const member = await updateMember(tx, room.room_id, target.uid, { grantBoard: 0 })
    return { member, room: current, endedShare: false, startedShare: false }
  })
  if (!result.member)
    throw new ApiFailure(Code.noMember, 'no matching audience', { reason: 'noMember' })
  deps.announce.channel(room.channel_name, Cmd.shareBoard, {
    ...actor,
    kind: 'grant',
    uid: target.uid,
    grantBoard: grant,
  })
  if (result.endedShare || result.startedShare)
    deps.announce.channel(room.channel_name, Cmd.shareBoard, {
      ...actor,
      kind: 'share',
      shareBoard: result.endedShare ? 0 : 1,
      boardId: room.board_id,
    })
  return { member: result.member, room: result.room }
}

/** Applies an accepted request or invitation: the requested state turns on ([APPLY-2]). */
export async function applyRequest(
  deps: Deps,
  room: RoomRow,
  actor: Actor,
  target: Member,
  type: RequestTypeId,
): Promise<Member> {
  const field = FIELD_OF_TYPE[type]
  if (field === 'grantBoard') return (await setBoardGrant(deps, room, actor, target, 1)).member
  return setMediaFlag(deps, room, actor, target, field, 1)
}
