import type { Member } from '@streams/wire/member'
import type { Db } from './db'
import { toMember, type MemberRow } from './members'

type Queryable = Pick<Db, 'query'>

/** A member's place in the list: role, then arrival, then uid (index room_members_present_order). */
export interface MemberKey {
  readonly role: number
  /** `joined_at`, in digits (a BIGINT). */
  readonly joinedAt: string
  readonly uid: string
}

const KEY = /^([0-9])\.([0-9]{1,16})\.(\S{1,64})$/

/** The cursor after a member: its key, opaque to the client (base64url of `role.joinedAt.uid`). */
export const cursorOf = (row: Pick<MemberRow, 'role' | 'joined_at' | 'uid'>): string =>
  Buffer.from(`${row.role}.${row.joined_at}.${row.uid}`, 'utf8').toString('base64url')

/** A cursor's key, or undefined when it is not one this server wrote. */
export function keyOf(cursor: string): MemberKey | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  const match = KEY.exec(text)
  if (
    !match ||
    cursorOf({ role: Number(match[1]), joined_at: match[2]!, uid: match[3]! }) !== cursor
  )
    return undefined
  return { role: Number(match[1]), joinedAt: match[2]!, uid: match[3]! }
}

async function countOf(db: Queryable, where: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM room_members WHERE ${where}`,
    params,
  )
  return Number(rows[0]?.n ?? 0)
}

export interface MemberPageQuery {
  role?: number
  size: number
  /** By number (1 the first): an offset, for a page shown alone. */
  page?: number
  /** After a member (a whole list read page by page): nobody present is skipped or repeated. */
  after?: MemberKey
}

/**
 * Present members of a room (not left), hosts first then by arrival, one page: by number (with
 * the `total` present), or after a key. `next` is the cursor of the page's last member when more
 * follow. A page after a key reads its own rows off the index (role, joined_at, uid of present
 * members), however deep in a crowd it is; an offset reads every row before it.
 */
export async function listMembers(
  db: Queryable,
  roomId: string,
  query: MemberPageQuery,
): Promise<{ list: Member[]; total?: number; next?: string }> {
  const params: unknown[] = [roomId]
  let where = 'room_id = $1 AND left_at IS NULL'
  if (query.role !== undefined) {
    params.push(query.role)
    where += ` AND role = $${params.length}`
  }
  const after = query.after
  // counted on a page by number only: a read by cursor counted on its first page
  const total = after ? {} : { total: await countOf(db, where, params) }
  if (after && query.role !== undefined && after.role !== query.role) {
    // a key of another role: the whole role comes after it, or none of it
    if (after.role > query.role) return { list: [] }
  } else if (after) {
    params.push(after.role, after.joinedAt, after.uid)
    const n = params.length
    where += ` AND (role, joined_at, uid) > ($${n - 2}::int, $${n - 1}::bigint, $${n}::text)`
  }
  params.push(query.size + 1, after ? 0 : ((query.page ?? 1) - 1) * query.size)
  const { rows } = await db.query<MemberRow>(
    `SELECT * FROM room_members WHERE ${where} ORDER BY role ASC, joined_at ASC, uid ASC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  )
  const page = rows.slice(0, query.size)
  const last = page[page.length - 1]
  return {
    list: page.map(toMember),
    ...total,
    ...(rows.length > query.size && last ? { next: cursorOf(last) } : {}),
  }
}
