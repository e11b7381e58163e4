import { randomInt, randomUUID } from 'node:crypto'
import type { RoomDetail, RoomInfo } from '@streams/wire/rest/room'
import type { RoomTypeId } from '@streams/wire/roles'
import type { Db } from './db'

type Queryable = Pick<Db, 'query'>
type BigInt = string | number

export interface RoomRow {
  room_id: string
  room_uuid: string
  room_name: string
  room_type: number
  channel_name: string
  password_hash: string
  /** The keyed hash of the password (auth/room-keys.ts); null before its first check. */
  password_key: string | null
  state: number
  create_user_id: string
  create_time: BigInt
  start_time: BigInt
  end_time: BigInt | null
  update_time: BigInt
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
  remark: string
  tools: string
  live_open: number
  introduce_open: number
  introduce: string
  converter_mob: string
  live_cdn_type: number
  pc_cover_image: string
  mob_cover_image: string
  meeting_topic: number
  board_id: string
  replaced_host_uid: string
  show_lucky_money: number
  like_total: number
  users_amount: number
  layout_items: string
  large_uid: string
  type_of_cdn: string
  inactive_warned_at: BigInt | null
  host_seen_at: BigInt | null
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

/** Hot number: a popularity score, everyone who ever entered plus the likes ([LIKE-1]). */
export const hotNumber = (totalPeople: number, likeTotal: number) => totalPeople + likeTotal

export async function roomDetail(db: Queryable, row: RoomRow): Promise<RoomDetail> {
  const { rows } = await db.query<{ online: BigInt; total: BigInt; hosts: string[] | null }>(
    `SELECT count(*) FILTER (WHERE left_at IS NULL) AS online,
            count(DISTINCT user_id) AS total,
            array_agg(uid ORDER BY joined_at) FILTER (WHERE left_at IS NULL AND role = 1) AS hosts
     FROM room_members WHERE room_id = $1`,
    [row.room_id],
  )
  const counts = rows[0]
  const totalPeople = Number(counts?.total ?? 0)
  return {
    ...toRoomInfo(row),
    remark: row.remark,
    tools: row.tools,
    updateTime: Number(row.update_time),
    endTime: row.end_time === null ? null : Number(row.end_time),
    liveOpen: flag(row.live_open),
    introduceOpen: flag(row.introduce_open),
    converterMob: row.converter_mob,
    liveCdnType: row.live_cdn_type,
    pcCoverImage: row.pc_cover_image,
    mobCoverImage: row.mob_cover_image,
    meetingTopic: row.meeting_topic,
    boardId: row.board_id,
    replacedHostUid: row.replaced_host_uid,
    showLuckyMoney: flag(row.show_lucky_money),
    onlineUsers: Number(counts?.online ?? 0),
    totalPeople,
    hosts: counts?.hosts ?? [],
    hotNum: hotNumber(totalPeople, row.like_total),
    likeTotal: row.like_total,
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

/** The room of a messaging and media channel. */
export async function getRoomByChannel(
  db: Queryable,
  channel: string,
): Promise<RoomRow | undefined> {
  const { rows } = await db.query<RoomRow>(
    'SELECT * FROM rooms WHERE channel_name = $1 ORDER BY create_time DESC LIMIT 1',
    [channel],
  )
  return rows[0]
}

/** A room by its id or its uuid (the scene service names rooms either way). */
export async function getRoomByIdOrUuid(db: Queryable, key: string): Promise<RoomRow | undefined> {
  const { rows } = await db.query<RoomRow>(
    'SELECT * FROM rooms WHERE room_id = $1 OR room_uuid = $1 LIMIT 1',
    [key],
  )
  return rows[0]
}

export async function createRoom(
  db: Queryable,
  input: {
    roomName: string
    roomType: number
    passwordHash: string
    /** The keyed hash for a room id: the id is chosen here. */
    passwordKey?: (roomId: string) => string
    createUserId: string
    now: number
  },
): Promise<RoomRow> {
  const roomUuid = randomUUID().replaceAll('-', '')
  const roomId = String(randomInt(1_000_000_000, 9_999_999_999))
  const { rows } = await db.query<RoomRow>(
    `INSERT INTO rooms (room_id, room_uuid, room_name, room_type, channel_name, password_hash, create_user_id, create_time, start_time, update_time, board_id, host_seen_at, password_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $8, $9, $8, $10) RETURNING *`,
    [
      roomId,
      roomUuid,
      input.roomName,
      input.roomType,
      roomUuid,
      input.passwordHash,
      input.createUserId,
      input.now,
      `board-${roomUuid}`,
      input.passwordKey?.(roomId) ?? null,
    ],
  )
  return rows[0] as RoomRow
}

/** Columns a route may change, by their wire names. */
const ROOM_COLUMNS = {
  state: 'state',
  endTime: 'end_time',
  muteAllAudio: 'mute_all_audio',
  muteAllChat: 'mute_all_chat',
  shareBoard: 'share_board',
  shareScreen: 'share_screen',
  createBoardUserId: 'create_board_user_id',
  mainScreenUid: 'main_screen_uid',
  layout: 'layout',
  layoutItems: 'layout_items',
  largeUid: 'large_uid',
  typeOfCDN: 'type_of_cdn',
  liveState: 'live_state',
  liveOpen: 'live_open',
  introduceOpen: 'introduce_open',
  introduce: 'introduce',
  playbackState: 'playback_state',
  recordingState: 'recording_state',
  audienceWatchType: 'audience_watch_type',
  roomName: 'room_name',
  remark: 'remark',
  tools: 'tools',
  meetingTopic: 'meeting_topic',
  converterMob: 'converter_mob',
  liveCdnType: 'live_cdn_type',
  pcCoverImage: 'pc_cover_image',
  mobCoverImage: 'mob_cover_image',
  replacedHostUid: 'replaced_host_uid',
  showLuckyMoney: 'show_lucky_money',
  usersAmount: 'users_amount',
  inactiveWarnedAt: 'inactive_warned_at',
  hostSeenAt: 'host_seen_at',
} as const
export type RoomChange = Partial<Record<keyof typeof ROOM_COLUMNS, string | number | null>>

/** Changes fields of a room and stamps update_time; answers the room after the change. */
export async function updateRoom(
  db: Queryable,
  roomId: string,
  change: RoomChange,
  now: number,
): Promise<RoomRow> {
  const entries = Object.entries(change).filter(([, v]) => v !== undefined)
  const sets = entries.map(
    ([key], i) => `${ROOM_COLUMNS[key as keyof typeof ROOM_COLUMNS]} = $${i + 3}`,
  )
  const { rows } = await db.query<RoomRow>(
    `UPDATE rooms SET ${['update_time = $2', ...sets].join(', ')} WHERE room_id = $1 RETURNING *`,
    [roomId, now, ...entries.map(([, v]) => v)],
  )
  const row = rows[0]
  if (!row) throw new Error(`room ${roomId} vanished`)
  return row
}

/** Adds likes; answers the new total. */
export async function addLikes(db: Queryable, roomId: string, count: number): Promise<number> {
  const { rows } = await db.query<{ like_total: number }>(
    'UPDATE rooms SET like_total = like_total + $2 WHERE room_id = $1 RETURNING like_total',
    [roomId, count],
  )
  return Number(rows[0]?.like_total ?? 0)
}

/** Holds the room's row until the transaction ends (entries and grants one at a time). */
export async function lockRoom(db: Queryable, roomId: string): Promise<void> {
  await db.query('SELECT room_id FROM rooms WHERE room_id = $1 FOR UPDATE', [roomId])
}

/** Keeps the keyed hash of a room's password (auth/room-keys.ts), checked without bcrypt next. */
export async function setPasswordKey(db: Queryable, roomId: string, key: string): Promise<void> {
  await db.query('UPDATE rooms SET password_key = $2 WHERE room_id = $1', [roomId, key])
}
