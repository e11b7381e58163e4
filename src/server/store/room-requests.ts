import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

/** An invitation (host to member) or an application (member to host or board creator). */
export type RequestKind = 'invite' | 'apply'

/** Keeps a pending request (asked again: its time is renewed). */
export async function recordRequest(
  db: Queryable,
  r: { roomId: string; kind: RequestKind; from: string; to: string; type: number; at: number },
): Promise<void> {
  await db.query(
    `INSERT INTO room_requests (room_id, kind, from_uid, to_uid, type, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (room_id, kind, from_uid, to_uid, type) DO UPDATE SET created_at = $6`,
    [r.roomId, r.kind, r.from, r.to, r.type, r.at],
  )
}

/**
 * Consumes a request made after `since` to `uid` (an invite) or from `uid` (an application), by
 * `other` (the other side) when given; answers whether there was one.
 */
export async function takePendingRequest(
  db: Queryable,
  r: {
    roomId: string
    kind: RequestKind
    uid: string
    type: number
    since: number
    other?: string
  },
): Promise<boolean> {
  const column = r.kind === 'invite' ? 'to_uid' : 'from_uid'
  const otherColumn = r.kind === 'invite' ? 'from_uid' : 'to_uid'
  const { rows } = await db.query(
    `DELETE FROM room_requests WHERE room_id = $1 AND kind = $2 AND ${column} = $3 AND type = $4
     AND created_at > $5 ${r.other ? `AND ${otherColumn} = $6` : ''} RETURNING type`,
    [r.roomId, r.kind, r.uid, r.type, r.since, ...(r.other ? [r.other] : [])],
  )
  return rows.length > 0
}

/** Withdraws a request of `from` (to `to` when given); answers to whom it was made, if any. */
export async function withdrawRequest(
  db: Queryable,
  r: { roomId: string; kind: RequestKind; from: string; type: number; to?: string },
): Promise<string | undefined> {
  const { rows } = await db.query<{ to_uid: string }>(
    `DELETE FROM room_requests WHERE room_id = $1 AND kind = $2 AND from_uid = $3 AND type = $4
     ${r.to ? 'AND to_uid = $5' : ''} RETURNING to_uid`,
    [r.roomId, r.kind, r.from, r.type, ...(r.to ? [r.to] : [])],
  )
  return rows[0]?.to_uid
}
