import { channelMessage, Cmd } from '../../../streams/wire/channel'
import type { Member } from '../../../streams/wire/member'
import type { EntryAnswerData, EntryBody } from '../../../streams/wire/rest/room'
import { Role } from '../../../streams/wire/roles'
import { hashPassword, verifyPassword } from '../auth/passwords'
import type { Identity } from '../auth/identity'
import type { Tokens } from '../auth/tokens'
import { ApiFailure } from '../http/errors'
import type { Hub } from '../realtime/hub'
import type { Db } from '../store/db'
import {
  addMember,
  countPresentByRole,
  createRoom,
  findActiveRoomByName,
  markMemberLeft,
  presentMembersOfUser,
  toRoomInfo,
} from '../store/rooms'
import { checkCapacity, DEFAULT_CAPACITY } from './capacity'

export interface RoomDeps {
  readonly db: Db
  readonly hub: Hub
  readonly tokens: Tokens
  readonly appId: string
  readonly now: () => number
}

/**
 * Room login ([HOME-1]): the first host to name a room creates it with its password; later
 * entrants give the password. Capacity is checked ([HOME-6]); a re-entry by the same account
 * replaces its earlier member. The new member is announced on the channel (cmd 2).
 */
export async function enterRoom(
  deps: RoomDeps,
  who: Identity,
  body: EntryBody,
): Promise<EntryAnswerData> {
  const roomName = body.roomName.trim()
  const userName = body.userName.trim()
  const now = deps.now()
  let room = await findActiveRoomByName(deps.db, roomName)
  if (!room) {
    if (body.role !== Role.host)
      throw new ApiFailure(1001, 'room does not exist', { field: 'roomName', reason: 'noRoom' })
    const passwordHash = await hashPassword(body.password)
    try {
      room = await createRoom(deps.db, {
        roomName,
        roomType: body.roomType,
        passwordHash,
        createUserId: who.userId,
        now,
      })
    } catch {
      // Another host created it at the same moment: enter theirs instead.
      room = await findActiveRoomByName(deps.db, roomName)
      if (!room)
        throw new ApiFailure(1001, 'room does not exist', { field: 'roomName', reason: 'noRoom' })
    }
  }
  if (!(await verifyPassword(body.password, room.password_hash)))
    throw new ApiFailure(1002, 'wrong room password', {
      field: 'password',
      reason: 'wrongPassword',
    })

  const roomId = room.room_id
  const channel = room.channel_name
  const member = await deps.db.transaction(async (tx) => {
    const replaced = await presentMembersOfUser(tx, roomId, who.userId)
    for (const old of replaced) await markMemberLeft(tx, roomId, old.uid, now)
    const present = await countPresentByRole(tx, roomId)
    const capacity = DEFAULT_CAPACITY[room.room_type] ?? DEFAULT_CAPACITY[0]!
    const refusal = checkCapacity(capacity, body.role, present)
    if (refusal)
      throw new ApiFailure(refusal.code, refusal.msg, { field: 'role', reason: refusal.reason })
    const isHost = body.role === Role.host
    const added = await addMember(tx, {
      roomId,
      userId: who.userId,
      userName,
      userPhoto: body.userPhoto ?? '',
      role: body.role,
      enableAudio: body.enableAudio ?? (isHost ? 1 : 0),
      enableVideo: body.enableVideo ?? (isHost ? 1 : 0),
      now,
    })
    return { added, replaced }
  })
  for (const old of member.replaced)
    announceMember(deps, channel, { ...old, userState: 0 }, 'leave')
  announceMember(deps, channel, member.added, 'join')

  const { added } = member
  const sign = (kind: 'rtm' | 'rtc' | 'screen') =>
    deps.tokens.sign({ kind, sub: added.uid, ch: channel, uid: who.userId })
  return {
    roomInfo: toRoomInfo(room),
    me: {
      uid: added.uid,
      userId: added.userId,
      userName: added.userName,
      userUuid: added.userUuid,
      userPhoto: added.userPhoto,
      role: added.role,
      enableAudio: added.enableAudio,
      enableVideo: added.enableVideo,
      enableChat: added.enableChat,
      grantBoard: added.grantBoard,
      grantScreen: added.grantScreen,
      screenId: added.screenId,
      roomName: room.room_name,
      roomUuid: room.room_uuid,
      appID: deps.appId,
      rtmToken: sign('rtm'),
      rtcToken: sign('rtc'),
      screenToken: sign('screen'),
    },
  }
}

export function announceMember(
  deps: Pick<RoomDeps, 'hub' | 'now'>,
  channel: string,
  member: Member,
  type: 'join' | 'leave' | 'update',
): void {
  const text = JSON.stringify(
    channelMessage(
      Cmd.memberChanged,
      { userId: member.userId, userName: member.userName, type, member },
      deps.now(),
    ),
  )
  deps.hub.announce(channel, text)
}
