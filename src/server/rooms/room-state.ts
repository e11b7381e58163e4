import type { Static } from '@sinclair/typebox'
import { Cmd } from '@streams/wire/channel'
import type { Member } from '@streams/wire/member'
import type { RoomStateBodySchema } from '@streams/wire/rest/room'
import { mutesAudiences } from '@streams/wire/constants'
import { Role } from '@streams/wire/roles'
import type { Deps } from '../deps'
import { ApiFailure } from '../http/errors'
import {
  clearBoardGrants,
  clearScreenGrants,
  endAllMembers,
  muteAllBut,
} from '../store/room-members'
import { updateRoom, type RoomChange, type RoomRow } from '../store/rooms'
import { requireAction } from './access'
import type { Actor } from './announce'
import { stopRecordingAtMeetingEnd } from './recordings'

type RoomStateBody = Static<typeof RoomStateBodySchema>

/**
 * POST room/{roomId}: ending, mute-all and the share flags, each checked against the permission
 * table and announced by the server ([HOST-6]).
 */
export async function changeRoomState(
  deps: Deps,
  room: RoomRow,
  me: Member,
  body: RoomStateBody,
): Promise<RoomRow> {
  const actor: Actor = { userId: me.userId, userName: me.userName }
  // Check every field first: a refused field changes nothing.
  if (body.state === 0) requireAction(me, 'endMeeting')
  else if (body.state !== undefined) requireAction(me, 'manageRoom')
  if (body.muteAllAudio !== undefined || body.muteAllChat !== undefined)
    requireAction(me, 'muteAll')
  if (body.shareBoard === 1) requireAction(me, 'shareBoard')
  if (body.shareBoard === 0 && me.uid !== room.create_board_user_id) requireAction(me, 'shareBoard')
  if (body.shareScreen === 1)
    throw new ApiFailure(400, 'params: shareScreen 1 is set by sharing (user/{userId}/screen)', {
      status: 400,
      field: 'shareScreen',
      reason: 'invalid',
    })
  if (body.shareScreen === 0) requireAction(me, 'closeShareScreen')

  if (body.state === 0) return endMeeting(deps, room, actor, 'host')
  const now = deps.now()
  const change: RoomChange = {}
  if (body.state !== undefined) change.state = body.state
  if (body.muteAllAudio !== undefined) change.muteAllAudio = body.muteAllAudio
  if (body.muteAllChat !== undefined) change.muteAllChat = body.muteAllChat
  if (body.shareBoard === 1) change.shareBoard = 1
  if (body.shareBoard === 0) Object.assign(change, { shareBoard: 0, createBoardUserId: '0' })
  if (body.shareScreen === 0) change.shareScreen = 0

  const updated = await deps.db.transaction(async (tx) => {
    // [MUTE-2] [MUTE-4] mute all, forced or with applying to speak: every audience's audio goes
    // to 0 (under 2 a host's yes to an application turns one back on).
    if (mutesAudiences(body.muteAllAudio)) await muteAllBut(tx, room.room_id, Role.host)
    // [BOARD-2] board share off: everyone's grantBoard goes to 0.
    if (body.shareBoard === 0) await clearBoardGrants(tx, room.room_id)
    // [SCREEN-1] 0 clears all sharers.
    if (body.shareScreen === 0) await clearScreenGrants(tx, room.room_id)
    return updateRoom(tx, room.room_id, change, now)
  })

  const channel = room.channel_name
  if (body.muteAllAudio !== undefined || body.muteAllChat !== undefined || body.state !== undefined)
    deps.announce.channel(channel, Cmd.roomInfo, {
      ...actor,
      ...(body.state !== undefined ? { state: body.state } : {}),
      ...(body.muteAllAudio !== undefined ? { muteAllAudio: body.muteAllAudio } : {}),
      ...(body.muteAllChat !== undefined ? { muteAllChat: body.muteAllChat } : {}),
    })
  if (body.shareBoard !== undefined)
    deps.announce.channel(channel, Cmd.shareBoard, {
      ...actor,
      kind: 'share',
      shareBoard: body.shareBoard,
      boardId: room.board_id,
    })
  if (body.shareScreen === 0)
    deps.announce.channel(channel, Cmd.screenShare, { ...actor, uid: me.uid, screenShare: 0 })
  return updated
}

/**
 * Ends a meeting ([END-3]): state 0, everyone marked as gone, and the changed room state and the
 * meeting end announced. Also used by the countdown and the inactive-room watch.
 */
export async function endMeeting(
  deps: Deps,
  room: RoomRow,
  actor: Actor,
  reason: 'host' | 'countdown' | 'inactive',
): Promise<RoomRow> {
  const now = deps.now()
  const updated = await deps.db.transaction(async (tx) => {
    await endAllMembers(tx, room.room_id, now)
    return updateRoom(
      tx,
      room.room_id,
      { state: 0, endTime: now, shareBoard: 0, shareScreen: 0 },
      now,
    )
  })
  if (room.state !== 0) {
    deps.announce.channel(room.channel_name, Cmd.roomInfo, { ...actor, state: 0 })
    deps.announce.channel(room.channel_name, Cmd.meetingEnd, { ...actor, reason })
    void stopRecordingAtMeetingEnd(deps, room.room_id)
  }
  return updated
}
