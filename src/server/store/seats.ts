import { randomBytes, randomInt } from 'node:crypto'
import type { Member } from '@streams/wire/member'
import type { RoleId } from '@streams/wire/roles'
import type { Db } from './db'
import { toMember, type MemberRow } from './members'

type Queryable = Pick<Db, 'query'>

export interface NewMember {
  readonly userId: string
  readonly userName: string
  readonly userPhoto: string
  readonly role: RoleId
  readonly enableAudio: 0 | 1
  readonly enableVideo: 0 | 1
  readonly projectionId: string
}

const newUid = () => String(randomInt(100_000, 2_147_483_647))

/**
 * Members of many entrants in one statement (a crowd's batch, rooms/seating.ts). Answers them in
 * the order given; an entrant whose fresh uid collided with one already in the room gets another.
 */
export async function insertMembers(
  db: Queryable,
  roomId: string,
  members: readonly NewMember[],
  now: number,
): Promise<Member[]> {
  const out = new Array<Member | undefined>(members.length)
  let todo = members.map((_, i) => i)
  for (let attempt = 0; todo.length > 0; attempt++) {
    if (attempt > 5) throw new Error('could not allocate a uid')
    const params: unknown[] = [roomId, now]
    const uids = new Map<string, number>()
    const values = todo.map((i) => {
      const m = members[i]!
      let uid = newUid()
      while (uids.has(uid)) uid = newUid()
      uids.set(uid, i)
      // A projection display (role 4) never shares a screen: its screenId is the projection.
      params.push(
        uid,
        m.userId,
        m.userName,
        randomBytes(8).toString('hex'),
        m.userPhoto,
        m.role,
        m.enableAudio,
        m.enableVideo,
        m.projectionId || newUid(),
        m.projectionId,
      )
      const n = params.length
      const p = Array.from({ length: 10 }, (_, k) => `$${n - 9 + k}`)
      return `($1, ${p.join(', ')}, $2, $2)`
    })
    const { rows } = await db.query<MemberRow>(
      `INSERT INTO room_members (room_id, uid, user_id, user_name, user_uuid, user_photo, role, enable_audio, enable_video, screen_id, projection_id, joined_at, seen_at)
       VALUES ${values.join(', ')} ON CONFLICT DO NOTHING RETURNING *`,
      params,
    )
    for (const row of rows) {
      const i = uids.get(row.uid)
      if (i !== undefined) out[i] = toMember(row)
    }
    todo = todo.filter((i) => out[i] === undefined)
  }
  return out as Member[]
}

/** Present members of these accounts (an entry replaces its account's earlier member). */
export async function presentMembersOfUsers(
  db: Queryable,
  roomId: string,
  userIds: readonly string[],
): Promise<Member[]> {
  const { rows } = await db.query<MemberRow>(
    'SELECT * FROM room_members WHERE room_id = $1 AND user_id = ANY($2::text[]) AND left_at IS NULL',
    [roomId, userIds],
  )
  return rows.map(toMember)
}

/** Present members of these accounts leave (their re-entry replaces them); answers them. */
export async function replaceMembersOfUsers(
  db: Queryable,
  roomId: string,
  userIds: readonly string[],
  now: number,
): Promise<Member[]> {
  if (userIds.length === 0) return []
  const { rows } = await db.query<MemberRow>(
    `UPDATE room_members SET left_at = $3, user_state = 0, left_reason = 'leave', grant_board = 0, grant_screen = 0
     WHERE room_id = $1 AND user_id = ANY($2::text[]) AND left_at IS NULL RETURNING *`,
    [roomId, userIds, now],
  )
  return rows.map(toMember)
}

/** The entries' join records (spec §7 join list), one statement. */
export async function insertJoinRecords(
  db: Queryable,
  roomId: string,
  members: readonly Member[],
  now: number,
): Promise<void> {
  if (members.length === 0) return
  const params: unknown[] = [roomId, now]
  const values = members.map((m) => {
    params.push(randomBytes(8).toString('hex'), m.userId, m.userName)
    const n = params.length
    return `($${n - 2}, $1, $${n - 1}, $${n}, 'entry', $2)`
  })
  await db.query(
    `INSERT INTO join_records (record_id, room_id, user_id, user_name, source, create_time) VALUES ${values.join(', ')}`,
    params,
  )
}
