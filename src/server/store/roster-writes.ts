import type { Db } from './db'

/**
 * The columns the realtime roster reads (store/room-members.ts `presentMemberOfChannel`): a
 * room's channel and chat mute, and a present member's identity, name, photo, role and chat.
 */
const ROSTER_COLUMNS = new Set([
  'room_id',
  'channel_name',
  'mute_all_chat',
  'uid',
  'user_id',
  'user_name',
  'user_photo',
  'role',
  'enable_chat',
  'left_at',
  'joined_at',
])

/** A statement that writes rows of the tables the roster reads (a CTE may hold several). */
const TABLE_WRITE =
  /\b(insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?(rooms|room_members)\b/gi
/** The start of an UPDATE's SET clause, after the table (and its alias). */
const SET_START = /^\s+(?:(?:as\s+)?(?!set\b)[a-z_]\w*\s+)?set\s+/i
const TOKEN = /'(?:[^']|'')*'|"(?:[^"]|"")*"|[a-z_]\w*|[(),;=]|\S/gi
const SET_END = new Set(['where', 'returning', 'from'])

/**
 * Whether a statement may change what the roster reads. Conservative: an insert, delete or
 * truncate of `rooms` or `room_members` does, and so does an update of them unless every column
 * it assigns is one the roster does not read (a member's `seen_at`, a room's likes); a SET clause
 * it cannot read counts as a change.
 */
export function changesRoster(sql: string): boolean {
  for (const write of sql.matchAll(TABLE_WRITE)) {
    if (write[1]!.toLowerCase() !== 'update') return true
    const assigned = assignedColumns(sql, write.index + write[0].length)
    if (!assigned || assigned.some((column) => ROSTER_COLUMNS.has(column))) return true
  }
  return false
}

/** The columns an UPDATE's SET clause assigns, read from `at` on (undefined: not understood). */
function assignedColumns(sql: string, at: number): string[] | undefined {
  const start = SET_START.exec(sql.slice(at))
  if (!start) return undefined
  const columns: string[] = []
  let depth = 0
  let expectColumn = true
  for (const [token] of sql.slice(at + start[0].length).matchAll(TOKEN)) {
    const word = token.toLowerCase()
    if (token === '(') depth++
    else if (token === ')') {
      if (--depth < 0) break // the end of a CTE's body
    } else if (depth > 0) continue
    else if (token === ';' || SET_END.has(word)) break
    else if (token === ',') expectColumn = true
    else if (expectColumn) {
      if (!/^[a-z_]\w*$/i.test(token)) return undefined
      columns.push(word)
      expectColumn = false
    }
  }
  return columns.length > 0 ? columns : undefined
}

/** Told of every statement that may change the roster: as it is sent, and once it is done. */
export interface RosterWrites {
  /** A change may be under way (this process drops what it holds). */
  starting(): void
  /** A change is done, or ended with its transaction (every process drops what it holds). */
  done(): void
}

/**
 * The database, telling `writes` of every statement that may change the roster
 * (`changesRoster`): when it is sent and when it is done, or for a transaction when the
 * transaction ends (committed or not), so a cached roster never outlives a change it missed. A
 * script (`exec`: migrations) counts as a change.
 */
export function watchRosterWrites(db: Db, writes: RosterWrites): Db {
  return {
    kind: db.kind,
    close: () => db.close(),
    query: <R extends object>(sql: string, params?: readonly unknown[]) => {
      if (!changesRoster(sql)) return db.query<R>(sql, params)
      writes.starting()
      return db.query<R>(sql, params).finally(() => writes.done())
    },
    exec: (sql) => {
      writes.starting()
      return db.exec(sql).finally(() => writes.done())
    },
    transaction: (fn) => {
      let touched = false
      return db
        .transaction((tx) =>
          fn({
            query: <R extends object>(sql: string, params?: readonly unknown[]) => {
              if (changesRoster(sql)) {
                touched = true
                writes.starting()
              }
              return tx.query<R>(sql, params)
            },
          }),
        )
        .finally(() => {
          if (touched) writes.done()
        })
    },
  }
}
