import { randomBytes, randomInt } from 'node:crypto'
import type { Member } from '@streams/wire/member'
import type { RoleId } from '@streams/wire/roles'
import { STAGE_UID_END } from '@streams/wire/stage'
import type { Db } from './db'
import { presentByKey, toMember, type MemberRow } from './members'

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

/**
 * A fresh numeric uid of a member or its screen share: from 100000 up, so never 4 digits (those
 * are RTMP input users, [RTMP-1]) nor 5 (stage uids, streams/wire/stage.ts), and below 2^31 (the
 * cloud recorder's).
 */
export const newUid = () => String(randomInt(STAGE_UID_END, 2_147_483_647))

/**
 * A new member's row values, in the column order uid, user_id, user_name, user_uuid, user_photo,
 * role, enable_audio, enable_video, screen_id, projection_id.
 */
function memberValues(uid: string, m: NewMember): unknown[] {
  return [
    uid,
    m.userId,
    m.userName,
    randomBytes(8).toString('hex'),
    m.userPhoto,
    m.role,
    m.enableAudio,
    m.enableVideo,
    // A projection display (role 4) never shares a screen: its screenId is the projection.
    m.projectionId || newUid(),
    m.projectionId,
  ]
}

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
      params.push(...memberValues(uid, m))
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

/** One new member record with a fresh uid and a screen-share uid. */
export async function addMember(
  db: Queryable,
  input: Omit<NewMember, 'projectionId'> & { roomId: string; projectionId?: string; now: number },
): Promise<Member> {
  const { roomId, now, projectionId = '', ...rest } = input
  const [member] = await insertMembers(db, roomId, [{ ...rest, projectionId }], now)
  return member!
}

/** Present members of these accounts (an entry replaces its account's earlier member). */
export async function presentMembersOfUsers(
  db: Queryable,
  roomId: string,
  userIds: readonly string[],
): Promise<Member[]> {
  const { rows } = await db.query<MemberRow>(
    `SELECT * FROM room_members WHERE room_id = $1 AND user_id = ANY($2::text[]) AND ${presentByKey()}`,
    [roomId, userIds],
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

/**
 * What one seating statement did: the members added (in the order given, `undefined` for an
 * entrant whose fresh uid collided), the earlier members replaced, the present count after it
 * (0 when nobody was seated).
 */
export interface SeatedBatch {
  readonly added: (Member | undefined)[]
  readonly replaced: Member[]
  readonly present: number
}

type SeatedRow = MemberRow & { kind: 'added' | 'replaced'; before: string | number }

/**
 * Seats entrants already admitted, in one statement: their accounts' present members leave (a
 * re-entry replaces them), their members are inserted with fresh uids, their join records (spec
 * §7 join list) written, and the present members counted up to `countUpTo` (the crowd
 * threshold: counted from the room as it was, less those replaced, plus those added). One
 * statement, not four: the embedded database spends most of an entry's cost on each statement's
 * protocol exchange, whatever its size (docs/server.md "Admission").
 */
export async function seatMembers(
  db: Queryable,
  roomId: string,
  members: readonly NewMember[],
  now: number,
  countUpTo: number,
): Promise<SeatedBatch> {
  if (members.length === 0) return { added: [], replaced: [], present: 0 }
  const params: unknown[] = [roomId, now, countUpTo, members.map((m) => m.userId)]
  const uids = new Set<string>()
  const values = members.map((m) => {
    let uid = newUid()
    while (uids.has(uid)) uid = newUid()
    uids.add(uid)
    params.push(...memberValues(uid, m), randomBytes(8).toString('hex'))
    const n = params.length - 11
    const p = (k: number, type: string) => `$${n + k}::${type}`
    return `(${p(1, 'text')}, ${p(2, 'text')}, ${p(3, 'text')}, ${p(4, 'text')}, ${p(5, 'text')}, ${p(6, 'int')}, ${p(7, 'int')}, ${p(8, 'int')}, ${p(9, 'text')}, ${p(10, 'text')}, ${p(11, 'text')})`
  })
  const { rows } = await db.query<SeatedRow>(
    `WITH entrant (uid, user_id, user_name, user_uuid, user_photo, role, enable_audio, enable_video, screen_id, projection_id, record_id) AS (
       VALUES ${values.join(', ')}
     ), replaced AS (
       UPDATE room_members SET left_at = $2, user_state = 0, left_reason = 'leave', grant_board = 0, grant_screen = 0
       WHERE room_id = $1 AND user_id = ANY($4::text[]) AND ${presentByKey()} RETURNING *
     ), added AS (
       INSERT INTO room_members (room_id, uid, user_id, user_name, user_uuid, user_photo, role, enable_audio, enable_video, screen_id, projection_id, joined_at, seen_at)
       SELECT $1, uid, user_id, user_name, user_uuid, user_photo, role, enable_audio, enable_video, screen_id, projection_id, $2, $2 FROM entrant
       ON CONFLICT DO NOTHING RETURNING *
     ), joined AS (
       INSERT INTO join_records (record_id, room_id, user_id, user_name, source, create_time)
       SELECT e.record_id, $1, a.user_id, a.user_name, 'entry', $2 FROM added a JOIN entrant e ON e.uid = a.uid
     ), before AS (
       SELECT count(*) AS n FROM (SELECT 1 FROM room_members WHERE room_id = $1 AND left_at IS NULL
       LIMIT $3::int + (SELECT count(*) FROM replaced)) AS present
     )
     SELECT 'replaced' AS kind, (SELECT n FROM before) AS before, r.* FROM replaced r
     UNION ALL SELECT 'added', (SELECT n FROM before), a.* FROM added a`,
    params,
  )
  const byUid = new Map<string, Member>()
  const replaced: Member[] = []
  for (const row of rows)
    if (row.kind === 'added') byUid.set(row.uid, toMember(row))
    else replaced.push(toMember(row))
  const added = [...uids].map((uid) => byUid.get(uid))
  // Counted before the statement (one snapshot): those replaced left, those added came.
  const before =
    rows.length > 0 ? Number(rows[0]!.before) : await countPresent(db, roomId, countUpTo)
  const present = Math.min(countUpTo, Math.max(0, before - replaced.length + byUid.size))
  return { added, replaced, present }
}

async function countPresent(db: Queryable, roomId: string, upTo: number): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM (SELECT 1 FROM room_members WHERE room_id = $1 AND left_at IS NULL LIMIT $2) AS present',
    [roomId, upTo],
  )
  return Number(rows[0]?.n ?? 0)
}
