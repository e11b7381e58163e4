import type { Db } from './db'
import { presentByKey } from './members'

type Queryable = Pick<Db, 'query'>

/**
 * The board's own tables, migrated by this module at versions 100+ (the server's migrations
 * keep the low numbers), recorded in the board's own `board_schema_migrations` so that
 * `schema_migrations` stays the server's list.
 */
export const BOARD_MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 100,
    name: 'boards, board updates, board files',
    sql: `
      CREATE TABLE boards (
        board_id TEXT PRIMARY KEY,
        room_id TEXT NOT NULL UNIQUE,
        created_at BIGINT NOT NULL
      );
      CREATE TABLE board_updates (
        board_id TEXT NOT NULL REFERENCES boards (board_id),
        seq BIGSERIAL PRIMARY KEY,
        update BYTEA NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX board_updates_board ON board_updates (board_id, seq);
      CREATE TABLE board_files (
        file_id TEXT PRIMARY KEY,
        board_id TEXT NOT NULL REFERENCES boards (board_id),
        file_name TEXT NOT NULL,
        file_type TEXT NOT NULL,
        status TEXT NOT NULL,
        progress INTEGER NOT NULL DEFAULT 0,
        total_pages INTEGER NOT NULL DEFAULT 0,
        reason TEXT,
        created_by TEXT NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX board_files_board ON board_files (board_id, created_at);
      CREATE TABLE board_file_pages (
        file_id TEXT NOT NULL REFERENCES board_files (file_id) ON DELETE CASCADE,
        page INTEGER NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        mime TEXT NOT NULL,
        body BYTEA NOT NULL,
        PRIMARY KEY (file_id, page)
      )
    `,
  },
]

/** Applies the board's pending migrations in one transaction, under its own advisory lock. */
export async function migrateBoard(db: Db): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7311100)')
    await tx.query(
      'CREATE TABLE IF NOT EXISTS board_schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
    )
    const { rows } = await tx.query<{ version: number }>(
      'SELECT version FROM board_schema_migrations',
    )
    const done = new Set(rows.map((r) => Number(r.version)))
    const applied: number[] = []
    for (const migration of BOARD_MIGRATIONS) {
      if (done.has(migration.version)) continue
      for (const statement of migration.sql.split(';').map((s) => s.trim()))
        if (statement) await tx.query(statement)
      await tx.query(
        'INSERT INTO board_schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
        [migration.version, migration.name, Date.now()],
      )
      applied.push(migration.version)
    }
    return applied
  })
}

export interface BoardRow {
  board_id: string
  room_id: string
}

/**
 * The board of a room: the room's `board_id` (set when the room is created), recorded in
 * `boards` on first use so that updates and files can refer to it.
 */
export async function boardOfRoom(db: Queryable, roomId: string, now: number) {
  const { rows } = await db.query<{ board_id: string }>(
    'SELECT board_id FROM rooms WHERE room_id = $1',
    [roomId],
  )
  const boardId = rows[0]?.board_id
  if (!boardId) return undefined
  await db.query(
    'INSERT INTO boards (board_id, room_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [boardId, roomId, now],
  )
  return { board_id: boardId, room_id: roomId }
}

/** The board with this id, recorded in `boards` on first use; undefined for no such board. */
export async function getBoard(
  db: Queryable,
  boardId: string,
  now: number,
): Promise<BoardRow | undefined> {
  const { rows } = await db.query<BoardRow>('SELECT * FROM boards WHERE board_id = $1', [boardId])
  if (rows[0]) return rows[0]
  const room = await db.query<{ room_id: string }>(
    "SELECT room_id FROM rooms WHERE board_id = $1 AND board_id <> ''",
    [boardId],
  )
  const roomId = room.rows[0]?.room_id
  return roomId ? boardOfRoom(db, roomId, now) : undefined
}

export async function loadUpdates(db: Queryable, boardId: string): Promise<Uint8Array[]> {
  const { rows } = await db.query<{ update: Uint8Array }>(
    'SELECT update FROM board_updates WHERE board_id = $1 ORDER BY seq',
    [boardId],
  )
  return rows.map((r) => new Uint8Array(r.update))
}

export async function appendUpdate(
  db: Queryable,
  boardId: string,
  update: Uint8Array,
  now: number,
) {
  await db.query('INSERT INTO board_updates (board_id, update, created_at) VALUES ($1, $2, $3)', [
    boardId,
    update,
    now,
  ])
}

/**
 * Replaces a board's update log by one update (compaction): `merge` is given the stored rows
 * (another process may have stored some this one has not heard yet), and only those are
 * replaced, so a row stored meanwhile is kept.
 */
export async function replaceUpdates(
  db: Db,
  boardId: string,
  merge: (stored: Uint8Array[]) => Uint8Array,
  now: number,
) {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ seq: string; update: Uint8Array }>(
      'SELECT seq, update FROM board_updates WHERE board_id = $1 ORDER BY seq FOR UPDATE',
      [boardId],
    )
    const merged = merge(rows.map((r) => new Uint8Array(r.update)))
    await tx.query('DELETE FROM board_updates WHERE board_id = $1 AND seq = ANY($2::bigint[])', [
      boardId,
      rows.map((r) => String(r.seq)),
    ])
    await appendUpdate(tx, boardId, merged, now)
  })
}

/** Who may draw: a present host, or a present member granted the board ([WB-2], [BOARD-3]). */
export async function memberMayWrite(db: Queryable, roomId: string, uid: string): Promise<boolean> {
  const { rows } = await db.query<{ role: number; grant_board: number }>(
    `SELECT role, grant_board FROM room_members WHERE room_id = $1 AND uid = $2 AND ${presentByKey()}`,
    [roomId, uid],
  )
  const row = rows[0]
  return Boolean(row && (Number(row.role) === 1 || Number(row.grant_board) === 1))
}

export async function isPresent(db: Queryable, roomId: string, uid: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM room_members WHERE room_id = $1 AND uid = $2 AND ${presentByKey()}`,
    [roomId, uid],
  )
  return rows.length > 0
}
