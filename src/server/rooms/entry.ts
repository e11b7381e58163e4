import { Cmd } from '@streams/wire/channel'
import type { Member } from '@streams/wire/member'
import type { EntryAnswerData, EntryBody, Me } from '@streams/wire/rest/room'
import { Role } from '@streams/wire/roles'
import { hashPassword } from '../auth/passwords'
import { checkRoomPassword } from '../auth/room-keys'
import type { Identity } from '../auth/identity'
import type { Deps } from '../deps'
import { ApiFailure } from '../http/errors'
import { activeProjectionIn } from '../store/projections'
import { createRoom, findActiveRoomByName, getRoom, toRoomInfo, type RoomRow } from '../store/rooms'
import { Code } from './access'
import { memberData } from './crowd'

/**
 * Room login ([HOME-1]): the first host to name a room creates it with its password; later
 * entrants give the password. Capacity is checked ([HOME-6]); a re-entry by the same account
 * replaces its earlier member. The new member is announced on the channel (cmd 2; in a crowd,
 * see rooms/crowd.ts). A projection screen (role 4) names its projection. Nothing here grows with
 * the room: the password is checked against its keyed hash, seats are counted up to the
 * capacity, the crowd threshold up to itself.
 */
export async function enterRoom(
  deps: Deps,
  who: Identity,
  body: EntryBody,
): Promise<EntryAnswerData> {
  const roomName = body.roomName.trim()
  const userName = body.userName.trim()
  const now = deps.now()
  let room = body.roomId
    ? await getRoom(deps.db, body.roomId)
    : await deps.seating.findActive(roomName)
  if (room && room.state === 0)
    throw new ApiFailure(Code.ended, 'the meeting has ended', {
      field: 'roomName',
      reason: 'ended',
    })
  if (!room) {
    if (body.role !== Role.host || body.roomId)
      throw new ApiFailure(Code.noRoom, 'room does not exist', {
        field: 'roomName',
        reason: 'noRoom',
      })
    room = await createOrFind(deps, who, body, roomName, now)
  }
  if (!(await checkRoomPassword(deps.db, deps.roomKeys, room, body.password)))
    throw new ApiFailure(Code.wrongPassword, 'wrong room password', {
      field: 'password',
      reason: 'wrongPassword',
    })
  const projectionId = body.role === Role.projection ? await checkProjection(deps, room, body) : ''

  // [ROLE-4] Our server owns every permission: a host enters with its microphone and camera on
  // unless it asks for them off; anyone else enters with both off whatever its request says, and
  // only a host's grant or an accepted application turns them on later.
  const isHost = body.role === Role.host
  // Seated with the entrants arriving with it, in one transaction (rooms/seating.ts).
  const { added, replaced, present } = await deps.seating.take(room, {
    userId: who.userId,
    userName,
    userPhoto: body.userPhoto ?? '',
    role: body.role,
    enableAudio: isHost ? (body.enableAudio ?? 1) : 0,
    enableVideo: isHost ? (body.enableVideo ?? 1) : 0,
    projectionId,
  })
  for (const old of replaced) announceMember(deps, room.channel_name, old, 'leave', 'leave')
  deps.crowd.arrived(room, added, present)
  return { roomInfo: toRoomInfo(room), me: toMe(deps, room, added) }
}

async function createOrFind(
  deps: Deps,
  who: Identity,
  body: EntryBody,
  roomName: string,
  now: number,
): Promise<RoomRow> {
  const passwordHash = await hashPassword(body.password)
  try {
    return await createRoom(deps.db, {
      roomName,
      roomType: body.roomType,
      passwordHash,
      passwordKey: (roomId) => deps.roomKeys.key(roomId, body.password),
      createUserId: who.userId,
      now,
    })
  } catch {
    // Another host created it at the same moment: enter theirs instead.
    const room = await findActiveRoomByName(deps.db, roomName)
    if (!room)
      throw new ApiFailure(Code.noRoom, 'room does not exist', {
        field: 'roomName',
        reason: 'noRoom',
      })
    return room
  }
}

async function checkProjection(deps: Deps, room: RoomRow, body: EntryBody): Promise<string> {
  const id = await activeProjectionIn(deps.db, room.room_id, body.projectionId ?? '')
  if (!id)
    throw new ApiFailure(Code.noRoom, 'That projection address has been deleted', {
      field: 'projectionId',
      reason: 'projectionDeleted',
    })
  return id
}

/** The member's own record with fresh tokens. */
export function toMe(deps: Deps, room: RoomRow, member: Member): Me {
  const tokens = deps.media.issue({
    uid: member.uid,
    screenUid: member.screenId,
    channel: room.channel_name,
    userId: member.userId,
    role: member.role,
  })
  return {
    uid: member.uid,
    userId: member.userId,
    userName: member.userName,
    userUuid: member.userUuid,
    userPhoto: member.userPhoto,
    role: member.role,
    enableAudio: member.enableAudio,
    enableVideo: member.enableVideo,
    enableChat: member.enableChat,
    grantBoard: member.grantBoard,
    grantScreen: member.grantScreen,
    screenId: member.screenId,
    roomName: room.room_name,
    roomUuid: room.room_uuid,
    appID: deps.media.appId,
    ...tokens,
  }
}

/** Announces a member's arrival, change or departure (cmd 2). */
export function announceMember(
  deps: Pick<Deps, 'announce'> & Partial<Pick<Deps, 'crowd'>>,
  channel: string,
  member: Member,
  type: 'join' | 'leave' | 'update',
  reason?: 'leave' | 'kickUserBy' | 'serverTimeOut',
): void {
  // A crowd's arrival not yet told to its hosts is never told after the departure.
  if (type === 'leave') deps.crowd?.forget(channel, member.uid)
  deps.announce.channel(channel, Cmd.memberChanged, memberData(member, type, reason))
}
