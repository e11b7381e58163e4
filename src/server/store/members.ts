import type { Member } from '@streams/wire/member'
import type { RoleId } from '@streams/wire/roles'
import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

export interface MemberRow {
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
  joined_at: string | number
  left_at: string | number | null
  seen_at: string | number
  projection_id: string
}

const flag = (n: number): 0 | 1 => (n ? 1 : 0)

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

/**
 * "Still present", for a look-up of members by a key (a uid or an account): `left_at IS NULL`
 * written so that the planner can only take the index of that key (the primary key, or
 * (room_id, user_id)). The embedded database never gathers statistics, and with `left_at IS NULL`
 * it took a partial index of present members (by role) and read every present member of the
 * room: in a crowd of 10,000, milliseconds for each entry, each REST call of a member, each
 * board writer's check and each realtime roster read (tests/server/store/member-plans.test.ts).
 * A member's `left_at` is a time, never negative. `column` names it in a join.
 */
export const presentByKey = (column = 'left_at') => `coalesce(${column}, -1) = -1`
const PRESENT_BY_KEY = presentByKey()

/** The present member named by uid, or by the userId of a present member. */
export async function findPresentMember(
  db: Queryable,
  roomId: string,
  uidOrUserId: string,
): Promise<Member | undefined> {
  const { rows } = await db.query<MemberRow>(
    `SELECT * FROM room_members WHERE room_id = $1 AND ${PRESENT_BY_KEY} AND (uid = $2 OR user_id = $2)
     ORDER BY (uid = $2) DESC, joined_at DESC LIMIT 1`,
    [roomId, uidOrUserId],
  )
  return rows[0] ? toMember(rows[0]) : undefined
}

export async function presentMembers(db: Queryable, roomId: string): Promise<Member[]> {
  const { rows } = await db.query<MemberRow>(
    'SELECT * FROM room_members WHERE room_id = $1 AND left_at IS NULL ORDER BY role, joined_at',
    [roomId],
  )
  return rows.map(toMember)
}

/** How many members are present in a room. */
export async function countPresent(db: Queryable, roomId: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM room_members WHERE room_id = $1 AND left_at IS NULL',
    [roomId],
  )
  return Number(rows[0]?.n ?? 0)
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

/**
 * How many present members (of `role`, or of any role) the room has, counted up to `limit`: an
 * entry needs to know whether a seat or a threshold is reached, never the size of a crowd, so
 * its cost does not grow with the room (index room_members_present_order, by its leading
 * columns). Counted by role (the seats), input users ([RTMP-1], user id `input:<uid>`) are left
 * out: they take no seat.
 */
export async function countPresentUpTo(
  db: Queryable,
  roomId: string,
  limit: number,
  role?: number,
): Promise<number> {
  if (limit <= 0) return 0
  const params: unknown[] = [roomId, limit]
  if (role !== undefined) params.push(role)
  const { rows } = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM room_members WHERE room_id = $1 AND left_at IS NULL${
      role !== undefined ? " AND role = $3 AND user_id NOT LIKE 'input:%'" : ''
    } LIMIT $2) AS present`,
    params,
  )
  return Number(rows[0]?.n ?? 0)
}

/** Members of this account still present in the room (a re-entry replaces them). */
export async function presentMembersOfUser(
  db: Queryable,
  roomId: string,
  userId: string,
): Promise<Member[]> {
  const { rows } = await db.query<MemberRow>(
    `SELECT * FROM room_members WHERE room_id = $1 AND user_id = $2 AND ${PRESENT_BY_KEY} ORDER BY joined_at DESC`,
    [roomId, userId],
  )
  return rows.map(toMember)
}

export async function markMemberLeft(
  db: Queryable,
  roomId: string,
  uid: string,
  now: number,
  reason = 'leave',
): Promise<Member | undefined> {
  const { rows } = await db.query<MemberRow>(
    `UPDATE room_members SET left_at = $3, user_state = 0, left_reason = $4, grant_board = 0, grant_screen = 0
     WHERE room_id = $1 AND uid = $2 AND ${PRESENT_BY_KEY} RETURNING *`,
    [roomId, uid, now, reason],
  )
  return rows[0] ? toMember(rows[0]) : undefined
}

const MEMBER_COLUMNS = {
  enableAudio: 'enable_audio',
  enableVideo: 'enable_video',
  enableChat: 'enable_chat',
  grantBoard: 'grant_board',
  grantScreen: 'grant_screen',
  role: 'role',
  userName: 'user_name',
} as const
export type MemberChange = Partial<Record<keyof typeof MEMBER_COLUMNS, number | string>>

/** Changes fields of a present member; answers the member after the change. */
export async function updateMember(
  db: Queryable,
  roomId: string,
  uid: string,
  change: MemberChange,
): Promise<Member | undefined> {
  const entries = Object.entries(change).filter(([, v]) => v !== undefined)
  if (entries.length === 0) return findPresentMember(db, roomId, uid)
  const sets = entries.map(
    ([key], i) => `${MEMBER_COLUMNS[key as keyof typeof MEMBER_COLUMNS]} = $${i + 3}`,
  )
  const { rows } = await db.query<MemberRow>(
    `UPDATE room_members SET ${sets.join(', ')} WHERE room_id = $1 AND uid = $2 AND ${PRESENT_BY_KEY} RETURNING *`,
    [roomId, uid, ...entries.map(([, v]) => v)],
  )
  return rows[0] ? toMember(rows[0]) : undefined
}

/**
 * Marks present members as seen now (realtime heartbeat, keep-alive); with `seenBefore`, only
 * those not seen since then (the presence job: a member seen within half the grace is left as
 * it is, which halves its writes).
 */
export async function touchMembers(
  db: Queryable,
  uids: readonly string[],
  now: number,
  seenBefore?: number,
) {
  if (uids.length === 0) return
  if (seenBefore === undefined) {
    await db.query(
      'UPDATE room_members SET seen_at = $1 WHERE uid = ANY($2::text[]) AND left_at IS NULL',
      [now, uids],
    )
    return
  }
  await db.query(
    'UPDATE room_members SET seen_at = $1 WHERE uid = ANY($2::text[]) AND left_at IS NULL AND seen_at < $3',
    [now, uids, seenBefore],
  )
}

/** Present members not seen since `before` ([KICK-2]). */
export async function staleMembers(
  db: Queryable,
  before: number,
): Promise<{ roomId: string; uid: string }[]> {
  const { rows } = await db.query<{ room_id: string; uid: string }>(
    'SELECT room_id, uid FROM room_members WHERE left_at IS NULL AND seen_at < $1 LIMIT 500',
    [before],
  )
  return rows.map((r) => ({ roomId: r.room_id, uid: r.uid }))
}
