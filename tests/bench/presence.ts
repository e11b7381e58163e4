/**
 * `npm run bench:presence`: the presence job ([KICK-2], server/jobs.ts) in a crowded room, on the
 * embedded database. Every 10 s a process marks every member it holds a connection for as seen
 * (one UPDATE of `ONLINE` rows, default 2,000) and reads the members not seen for the grace
 * (none here). The room holds `CROWD` present members (default 10,000: the online ones among
 * them) and 2,000 who left. `ROUNDS` rounds (default 360: an hour of the job) run back to back,
 * with the clock moved 10 s a round. The embedded database runs in the server's thread, so a
 * round's time is the time the server's event loop is held.
 *
 * The same rounds run on the schema before migration 015 (`base`) and on the current schema, each
 * in a fresh database, in the same run. Printed per schema: the median and slowest round, the
 * median of the first and of the last 30 rounds (a table that bloats slows down: the embedded
 * database never vacuums), and the size of room_members and of its indexes at the end.
 */
import { openDb, type Db } from '../../src/server/store/db'
import { MIGRATIONS } from '../../src/server/store/migrations'
import { staleMembers, touchMembers } from '../../src/server/store/members'
import { createRoom } from '../../src/server/store/rooms'

const ONLINE = Number(process.env.ONLINE ?? 2000)
const CROWD = Number(process.env.CROWD ?? ONLINE)
const ROUNDS = Number(process.env.ROUNDS ?? 360)
const GRACE = 30_000
/** The first migration this bench compares against the schema before it. */
const COMPARED = 15

async function schema(db: Db, upTo: number): Promise<void> {
  await db.exec(
    'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
  )
  for (const m of MIGRATIONS) if (m.version <= upTo) await db.exec(m.sql)
  if (process.env.EXTRA_SQL && upTo === Infinity) await db.exec(process.env.EXTRA_SQL)
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? NaN
}

async function run(name: string, upTo: number) {
  const db = await openDb({ memory: true })
  await schema(db, upTo)
  const start = 1_000_000
  const room = await createRoom(db, {
    roomName: 'crowd',
    roomType: 2,
    passwordHash: '',
    createUserId: 'u0',
    now: 0,
  })
  await db.query(
    `INSERT INTO room_members (room_id, uid, user_id, user_name, user_uuid, role, joined_at, seen_at)
     SELECT $1, (100000 + i)::text, 'u' || i, 'Name ' || i, md5(i::text), CASE WHEN i = 0 THEN 1 ELSE 2 END, i, $2
     FROM generate_series(0, $3::int - 1) AS i`,
    [room.room_id, start, CROWD],
  )
  await db.query(
    `INSERT INTO room_members (room_id, uid, user_id, user_name, user_uuid, role, joined_at, left_at, seen_at)
     SELECT $1, (200000 + i)::text, 'g' || i, 'Gone ' || i, md5(i::text), 2, i, i + 1, i
     FROM generate_series(0, 1999) AS i`,
    [room.room_id],
  )
  // The online members spread over the crowd, as arrivals and departures leave them.
  const step = Math.max(1, Math.floor(CROWD / ONLINE))
  const online = Array.from({ length: ONLINE }, (_, i) => String(100000 + ((i * step) % CROWD)))
  const rounds: number[] = []
  let now = start
  let stale = 0
  for (let r = 0; r < ROUNDS; r++) {
    now += 10_000
    const t = performance.now()
    // As the job does (server/jobs.ts): those seen within half the grace are left as they are.
    await touchMembers(db, online, now, now - GRACE / 2)
    stale += (await staleMembers(db, now - GRACE)).length
    rounds.push(performance.now() - t)
  }
  const { rows } = await db.query<{ heap: string; indexes: string }>(
    `SELECT pg_relation_size('room_members') AS heap, pg_indexes_size('room_members') AS indexes`,
  )
  const indexes = await db.query<{ indexname: string }>(
    `SELECT indexname FROM pg_indexes WHERE tablename = 'room_members' ORDER BY indexname`,
  )
  await db.close()
  const mb = (n: string | undefined) => Number(n ?? 0) / 1024 / 1024
  const result = {
    name,
    indexes: indexes.rows.length,
    medianMs: median(rounds),
    maxMs: Math.max(...rounds),
    first30Ms: median(rounds.slice(0, 30)),
    last30Ms: median(rounds.slice(-30)),
    heapMB: mb(rows[0]?.heap),
    indexesMB: mb(rows[0]?.indexes),
    staleRead: stale,
  }
  console.log(
    `${name.padEnd(6)} ${result.indexes} indexes: round median ${result.medianMs.toFixed(1)} ms, max ${result.maxMs.toFixed(1)} ms; first 30 ${result.first30Ms.toFixed(1)} ms, last 30 ${result.last30Ms.toFixed(1)} ms; room_members ${result.heapMB.toFixed(1)} MB + indexes ${result.indexesMB.toFixed(1)} MB (${indexes.rows.map((r) => r.indexname).join(', ')})`,
  )
  return result
}

console.log(
  `presence job: ${ONLINE} online of ${CROWD} present (+2,000 gone), ${ROUNDS} rounds of 10 s`,
)
const base = await run('base', COMPARED - 1)
const current = await run('now', Infinity)
console.log(
  `ratio base/now: median round ${(base.medianMs / current.medianMs).toFixed(2)}x, last 30 ${(base.last30Ms / current.last30Ms).toFixed(2)}x`,
)
console.log(JSON.stringify({ base, current }))
