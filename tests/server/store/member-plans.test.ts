import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberMayWrite, isPresent } from '../../../src/server/store/boards'
import { presentSince } from '../../../src/server/store/channel-messages'
import { openDb, type Db } from '../../../src/server/store/db'
import {
  countPresentUpTo,
  findPresentMember,
  getMember,
  markMemberLeft,
  presentMembersOfUser,
  touchMembers,
  updateMember,
} from '../../../src/server/store/members'
import { cursorOf, listMembers } from '../../../src/server/store/member-pages'
import { migrate } from '../../../src/server/store/migrations'
import { presentMemberOfChannel, presentUidsOfRole } from '../../../src/server/store/room-members'
import { createRoom, type RoomRow } from '../../../src/server/store/rooms'
import { markHostedRoomsSeen } from '../../../src/server/store/room-timers'
import { presentMembersOfUsers } from '../../../src/server/store/seats'

/**
 * The plans of the look-ups of present members in a crowd. The embedded database never gathers
 * statistics (no autovacuum, no ANALYZE on its own), so its planner may take a partial index of
 * present members and read the whole room to find one of them (docs/server.md "Plans that read
 * the crowd"). Each store function runs here against a room of 10,000 present members (and
 * 2,000 gone), through a database that runs its statements under EXPLAIN ANALYZE and counts the
 * rows its scans read.
 */

interface PlanNode {
  'Node Type': string
  'Index Name'?: string
  'Actual Rows'?: number
  'Actual Loops'?: number
  'Rows Removed by Filter'?: number
  'Rows Removed by Index Recheck'?: number
  Plans?: PlanNode[]
}

interface Read {
  readonly sql: string
  /** Rows the scans of the plan produced or removed by a filter (all loops). */
  readonly rows: number
  /** What each scan was: `Index Scan room_members_user`, `Seq Scan`… */
  readonly scans: string[]
}

function readOf(sql: string, root: PlanNode): Read {
  let rows = 0
  const scans: string[] = []
  const walk = (node: PlanNode) => {
    if (/Scan/.test(node['Node Type'])) {
      const loops = node['Actual Loops'] ?? 1
      rows +=
        loops *
        ((node['Actual Rows'] ?? 0) +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0))
      scans.push(`${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`)
    }
    for (const child of node.Plans ?? []) walk(child)
  }
  walk(root)
  return { sql, rows, scans }
}

/** A database whose statements are explained (and run: EXPLAIN ANALYZE), answering no rows. */
function explaining(db: Db, reads: Read[]): Pick<Db, 'query'> {
  return {
    query: async <R extends object>(sql: string, params: readonly unknown[] = []) => {
      const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
        params,
      )
      reads.push(readOf(sql, rows[0]!['QUERY PLAN'][0].Plan))
      return { rows: [] as R[] }
    },
  }
}

const CROWD = 10_000
const GONE = 2_000
const NOW = 1_000_000

describe('present-member look-ups in a crowd of 10,000', () => {
  let db: Db
  let room: RoomRow
  let other: RoomRow

  beforeAll(async () => {
    db = await openDb({ memory: true })
    await migrate(db)
    const make = (name: string) =>
      createRoom(db, { roomName: name, roomType: 2, passwordHash: '', createUserId: 'u0', now: 1 })
    room = await make('crowd')
    other = await make('other')
    // The crowd: member i has uid 100000+i and account u<i>; member 0 hosts, 1 shows projection
    // p1. Those gone came before (their uids 200000+i, accounts g<i>).
    await db.query(
      `INSERT INTO room_members (room_id, uid, user_id, user_name, user_uuid, role, projection_id, joined_at, seen_at)
       SELECT $1, (100000 + i)::text, 'u' || i, 'Name ' || i, md5(i::text),
              CASE WHEN i = 0 THEN 1 WHEN i = 1 THEN 4 ELSE 2 END, CASE WHEN i = 1 THEN 'p1' ELSE '' END,
              i, $2 - (i % 7) * 1000
       FROM generate_series(0, $3::int - 1) AS i`,
      [room.room_id, NOW, CROWD],
    )
    await db.query(
      `INSERT INTO room_members (room_id, uid, user_id, user_name, user_uuid, role, joined_at, left_at, seen_at)
       SELECT $1, (200000 + i)::text, 'g' || i, 'Gone ' || i, md5(i::text), 2, i, i + 1, i
       FROM generate_series(0, $2::int - 1) AS i`,
      [room.room_id, GONE],
    )
    await db.query(
      `INSERT INTO room_members (room_id, uid, user_id, user_name, user_uuid, role, joined_at, seen_at)
       SELECT $1, (300000 + i)::text, 'o' || i, 'Other ' || i, md5(i::text), 2, i, $2
       FROM generate_series(0, 499) AS i`,
      [other.room_id, NOW],
    )
  }, 120_000)
  afterAll(() => db?.close())

  /** Runs `call` explained; answers what each of its statements read. */
  async function explain(call: (db: Pick<Db, 'query'>) => Promise<unknown>): Promise<Read[]> {
    const reads: Read[] = []
    await call(explaining(db, reads))
    if (process.env.PLANS)
      for (const r of reads) console.log(r.rows, r.scans.join(' + '), r.sql.slice(0, 140))
    return reads
  }

  const one = async (call: (db: Pick<Db, 'query'>) => Promise<unknown>) => {
    const reads = await explain(call)
    expect(reads).toHaveLength(1)
    return reads[0]!
  }

  it('a member by uid, or by account, reads that member, not the room', async () => {
    const uid = String(100000 + 4321)
    for (const call of [
      (q: Pick<Db, 'query'>) => getMember(q, room.room_id, uid),
      (q: Pick<Db, 'query'>) => findPresentMember(q, room.room_id, uid),
      (q: Pick<Db, 'query'>) => findPresentMember(q, room.room_id, 'u4321'),
      (q: Pick<Db, 'query'>) => presentMembersOfUser(q, room.room_id, 'u4321'),
      (q: Pick<Db, 'query'>) => presentMembersOfUsers(q, room.room_id, ['u4321', 'u17']),
      (q: Pick<Db, 'query'>) => memberMayWrite(q, room.room_id, uid),
      (q: Pick<Db, 'query'>) => isPresent(q, room.room_id, uid),
      (q: Pick<Db, 'query'>) => updateMember(q, room.room_id, uid, { enableAudio: 1 }),
      (q: Pick<Db, 'query'>) => presentMemberOfChannel(q, room.channel_name, uid),
      (q: Pick<Db, 'query'>) => presentSince(q, room.channel_name, uid),
    ]) {
      const read = await one(call)
      expect(read.rows, `${read.scans.join(' + ')}: ${read.sql}`).toBeLessThanOrEqual(4)
    }
  })

  it('the hosts, a seat count, a leave and the hosted rooms read what they need', async () => {
    const hosts = await one((q) => presentUidsOfRole(q, room.room_id, 1))
    expect(hosts.rows, hosts.scans.join(' + ')).toBeLessThanOrEqual(2)
    const seats = await one((q) => countPresentUpTo(q, room.room_id, 50, 2))
    expect(seats.rows, seats.scans.join(' + ')).toBeLessThanOrEqual(60)
    const left = await one((q) => markMemberLeft(q, room.room_id, String(100000 + 999), NOW))
    expect(left.rows, left.scans.join(' + ')).toBeLessThanOrEqual(4)
    // Two rooms, one host: a room with a host is found by its host, not by its crowd.
    const keptAlive = await one((q) => touchMembers(q, [String(100000 + 77)], NOW))
    expect(keptAlive.rows, keptAlive.scans.join(' + ')).toBeLessThanOrEqual(4)
    const hosted = await one((q) => markHostedRoomsSeen(q, NOW))
    expect(hosted.rows, hosted.scans.join(' + ')).toBeLessThanOrEqual(20)
  })

  it('a page of the list after a cursor reads its own rows, however deep in the crowd', async () => {
    // the key of the 9,500th member (a conferee arrived at 9,500, uid 109500)
    const after = { role: 2, joinedAt: '9500', uid: String(100000 + 9500) }
    expect(cursorOf({ role: 2, joined_at: 9500, uid: after.uid })).toBeTruthy()
    // one statement: a page by cursor does not count the crowd again
    const page = await one((q) => listMembers(q, room.room_id, { size: 500, after }))
    expect(page.scans).toEqual(['Index Scan room_members_present_order'])
    expect(page.rows).toBeLessThanOrEqual(501)
    const first = await explain((q) => listMembers(q, room.room_id, { size: 500, page: 1 }))
    expect(first).toHaveLength(2)
    // the first page's count reads the present members (not the gone ones, nor another room's)
    expect(first[0]!.rows).toBeLessThanOrEqual(CROWD)
    expect(first[1]!.rows).toBeLessThanOrEqual(501)
  })

  it('the presence job marks 2,000 members seen without writing an index (heap-only updates)', async () => {
    const online = Array.from({ length: 2000 }, (_, i) => String(100000 + i * 5))
    const sizes = async () => {
      const { rows } = await db.query<{ heap: string; indexes: string }>(
        "SELECT pg_relation_size('room_members') AS heap, pg_indexes_size('room_members') AS indexes",
      )
      return { heap: Number(rows[0]!.heap), indexes: Number(rows[0]!.indexes) }
    }
    const before = await sizes()
    for (let round = 1; round <= 10; round++) await touchMembers(db, online, NOW + round * 10_000)
    const after = await sizes()
    if (process.env.PLANS) console.log(before, after)
    // An update that writes its indexes adds an entry to each of them: 10 rounds of 2,000 members
    // to 4 indexes would be 80,000 entries (over 1.5 MB). The old versions' room on each page is
    // taken back as it is read (the embedded database never vacuums): the table stays its size.
    expect(after.indexes - before.indexes).toBeLessThanOrEqual(64 * 1024)
    expect(after.heap).toBeLessThanOrEqual(before.heap * 1.5)
    const { rows } = await db.query<{ n: string }>(
      'SELECT count(*) AS n FROM room_members WHERE uid = ANY($1::text[]) AND seen_at = $2',
      [online, NOW + 100_000],
    )
    expect(Number(rows[0]!.n)).toBe(2000)
  })
})
