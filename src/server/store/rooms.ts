import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import type { Member } from '../../../streams/wire/member'
import type { RoomInfo } from '../../../streams/wire/rest/room'
import type { RoleId, RoomTypeId } from '../../../streams/wire/roles'
import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

export interface RoomRow {
  room_id: string
  room_uuid: string
  room_name: string
  room_type: number
  channel_name: string
  password_hash: string
  state: number
  create_user_id: string
  create_time: string | number
  start_time: string | number
  mute_all_chat: number
  mute_all_audio: number
  share_board: number
  share_screen: number
  create_board_user_id: string
  main_screen_uid: string
  layout: string
  live_state: number
  playback_state: number
  recording_state: number
  audience_watch_type: number
}

interface MemberRow {
  room_id: string
  uid: string
  user_id: string
  user_name: string
  user_uuid: string
  user_photo: string
  role: number
  enable_audio: number
  enable_video: number
  enable_chat: number
  grant_board: number
  grant_screen: number
  screen_id: string
  user_state: number
}

const flag = (n: number): 0 | 1 => (n ? 1 : 0)

export function toRoomInfo(row: RoomRow): RoomInfo {
  return {
    roomId: row.room_id,
    roomUuid: row.room_uuid,
    roomName: row.room_name,
    roomType: row.room_type as RoomTypeId,
    channelName: row.channel_name,
    state: row.state,
    createUserId: row.create_user_id,
    createTime: Number(row.create_time),
    startTime: Number(row.start_time),
    muteAllChat: flag(row.mute_all_chat),
    muteAllAudio: (row.mute_all_audio === 1 || row.mute_all_audio === 2
      ? row.mute_all_audio
      : 0) as 0 | 1 | 2,
    shareBoard: flag(row.share_board),
    shareScreen: flag(row.share_screen),
    createBoardUserId: row.create_board_user_id,
    mainScreenUid: row.main_screen_uid,
    layout: row.layout,
    liveState: row.live_state,
    playbackState: row.playback_state,
    recordingState: row.recording_state,
    audienceWatchType: row.audience_watch_type,
  }
}

export function toMember(row: MemberRow): Member {
  return {
    roomId: row.room_id,
    uid: row.uid,
    role: row.role as RoleId,
    userId: row.user_id,
    userName: row.user_name,
    userUuid: row.user_uuid,
    userPhoto: row.user_photo,
    enableAudio: flag(row.enable_audio),
    enableVideo: flag(row.enable_video),
    enableChat: flag(row.enable_chat),
    grantBoard: flag(row.grant_board),
    grantScreen: flag(row.grant_screen),
    screenId: row.screen_id,
    userState: flag(row.user_state),
  }
}

export async function findActiveRoomByName(
  db: Queryable,
  roomName: string,
): Promise<RoomRow | undefined> {
  const { rows } = await db.query<RoomRow>(
    'SELECT * FROM rooms WHERE room_name = $1 AND state <> 0',
    [roomName],
  )
  return rows[0]
}

export async function getRoom(db: Queryable, roomId: string): Promise<RoomRow | undefined> {
  const { rows } = await db.query<RoomRow>('SELECT * FROM rooms WHERE room_id = $1', [roomId])
  return rows[0]
}

export async function createRoom(
  db: Queryable,
  input: {
    roomName: string
    roomType: number
    passwordHash: string
    createUserId: string
    now: number
  },
): Promise<RoomRow> {
  const roomUuid = randomUUID().replaceAll('-', '')
  const roomId = String(randomInt(1_000_000_000, 9_999_999_999))
  const { rows } = await db.query<RoomRow>(
    `INSERT INTO rooms (room_id, room_uuid, room_name, room_type, channel_name, password_hash, create_user_id, create_time, start_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING *`,
    [
      roomId,
      roomUuid,
      input.roomName,
      input.roomType,
      roomUuid,
      input.passwordHash,
      input.createUserId,
      input.now,
    ],
  )
  return rows[0] as RoomRow
}

/** A new member record with a fresh uid (never 4 digits: those are RTMP input users, [RTMP-1]). */
export async function addMember(
  db: Queryable,
  input: {
    roomId: string
    userId: string
    userName: string
    userPhoto: string
    role: RoleId
    enableAudio: 0 | 1
    enableVideo: 0 | 1
    now: number
  },
): Promise<Member> {
  for (let attempt = 0; ; attempt++) {
    const uid = String(randomInt(100_000, 2_147_483_647))
    const { rows } = await db.query<MemberRow>(
      `INSERT INTO room_members (room_id, uid, user_id, user_name, user_uuid, user_photo, role, enable_audio, enable_video, joined_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING RETURNING *`,
      [
        input.roomId,
        uid,
        input.userId,
        input.userName,
        randomBytes(8).toString('hex'),
        input.userPhoto,
        input.role,
        input.enableAudio,
        input.enableVideo,
        input.now,
      ],
    )
    if (rows[0]) return toMember(rows[0])
    if (attempt > 5) throw new Error('could not allocate a uid')
  }
}

export async function getMember(
  db: Queryable,
  roomId: string,
  uid: string,
): Promise<Member | undefined> {
  const { rows } = await db.query<MemberRow>(
    'SELECT * FROM room_members WHERE room_id = $1 AND uid = $2',
    [roomId, uid],
  )
  return rows[0] ? toMember(rows[0]) : undefined
}

/** Present members of a room (not left), paged, hosts first then by arrival. */
export async function listMembers(
  db: Queryable,
  roomId: string,
  query: { role?: number; page: number; size: number },
): Promise<{ list: Member[]; total: number }> {
  const params: unknown[] = [roomId]
  let where = 'room_id = $1 AND left_at IS NULL'
  if (query.role !== undefined) {
    params.push(query.role)
    where += ` AND role = $${params.length}`
  }
  const total = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM room_members WHERE ${where}`,
    params,
  )
  params.push(query.size, (query.page - 1) * query.size)
  const { rows } = await db.query<MemberRow>(
    `SELECT * FROM room_members WHERE ${where} ORDER BY role ASC, joined_at ASC, uid ASC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  )
  return { list: rows.map(toMember), total: Number(total.rows[0]?.n ?? 0) }
}

export async function countPresentByRole(
  db: Queryable,
  roomId: string,
): Promise<Map<number, number>> {
  const { rows } = await db.query<{ role: number; n: string | number }>(
    'SELECT role, count(*) AS n FROM room_members WHERE room_id = $1 AND left_at IS NULL GROUP BY role',
    [roomId],
  )
  return new Map(rows.map((r) => [Number(r.role), Number(r.n)]))
}

/** Members of this account still present in the room (a re-entry replaces them). */
export async function presentMembersOfUser(
  db: Queryable,
  roomId: string,
  userId: string,
): Promise<Member[]> {
  const { rows } = await db.query<MemberRow>(
    'SELECT * FROM room_members WHERE room_id = $1 AND user_id = $2 AND left_at IS NULL',
    [roomId, userId],
  )
  return rows.map(toMember)
}

export async function markMemberLeft(
  db: Queryable,
  roomId: string,
  uid: string,
  now: number,
): Promise<boolean> {
  const { rows } = await db.query<{ uid: string }>(
    'UPDATE room_members SET left_at = $3, user_state = 0 WHERE room_id = $1 AND uid = $2 AND left_at IS NULL RETURNING uid',
    [roomId, uid, now],
  )
  return rows.length > 0
}
