import { Cmd } from '@streams/wire/channel'
import type { Member } from '@streams/wire/member'
import type { Deps } from '../deps'
import { markMemberLeft } from '../store/members'
import { clearBoardGrants, clearScreenGrants } from '../store/room-members'
import { getRoom, updateRoom, type RoomRow } from '../store/rooms'
import type { Actor } from './announce'
import { announceMember } from './entry'

export type DepartureReason = 'leave' | 'kickUserBy' | 'serverTimeOut'

/**
 * A member leaves the room (exit, kick, or a dropped connection that did not come back,
 * [KICK-2]). The seat is freed, the member's shares end ([BOARD-7], [SCREEN-2]), the departure
 * is announced, and the member's realtime session is taken out of the channel so a kicked
 * client hears nothing more. Answers false when the member had already gone.
 */
export async function memberGone(
  deps: Deps,
  room: RoomRow,
  member: Member,
  reason: DepartureReason,
  kicker?: Actor,
): Promise<boolean> {
  const now = deps.now()
  const left = await markMemberLeft(deps.db, room.room_id, member.uid, now, reason)
  if (!left) return false
  const current = (await getRoom(deps.db, room.room_id)) ?? room
  const channel = room.channel_name
  const actor: Actor = { userId: member.userId, userName: member.userName }
  if (reason === 'kickUserBy' && kicker)
    deps.announce.channel(channel, Cmd.kickOut, {
      ...kicker,
      uid: member.uid,
      reason: 'kickUserBy',
    })
  announceMember(deps, channel, left, 'leave', reason)
  if (current.state !== 0 && current.create_board_user_id === member.uid) {
    await clearBoardGrants(deps.db, room.room_id)
    await updateRoom(deps.db, room.room_id, { shareBoard: 0, createBoardUserId: '0' }, now)
    deps.announce.channel(channel, Cmd.shareBoard, {
      ...actor,
      kind: 'share',
      shareBoard: 0,
      boardId: room.board_id,
    })
  }
  if (current.state !== 0 && member.grantScreen === 1) {
    await clearScreenGrants(deps.db, room.room_id)
    await updateRoom(deps.db, room.room_id, { shareScreen: 0 }, now)
    deps.announce.channel(channel, Cmd.screenShare, { ...actor, uid: member.uid, screenShare: 0 })
  }
  if (reason !== 'serverTimeOut') deps.hub.removeFromChannel(member.uid, channel)
  return true
}
