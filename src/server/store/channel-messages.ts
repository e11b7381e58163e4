import type { Db } from './db'
import { presentByKey } from './members'

type Queryable = Pick<Db, 'query'>

/** A message to keep in a channel's history. */
export interface NewChannelMessage {
  readonly from: string
  readonly text: string
  /** The sender's own id for the message (a chat line's `id`), when it has one. */
  readonly msgId?: string
}

export interface StoredMessage {
  readonly seq: number
  readonly from: string
  readonly text: string
}

/**
 * Keeps messages of one channel in one statement (atomic on its own): the channel's counter
 * moves by their number (a row lock, so processes sharing the database never number two
 * messages alike) and they are stored with their numbers. Answers the seqs, in order. One
 * statement, not a transaction of two: every member's message is kept before it is relayed, and
 * the embedded database spends ~0.5 ms on each statement (and on BEGIN and COMMIT).
 */
export async function appendMessages(
  db: Queryable,
  channel: string,
  messages: readonly NewChannelMessage[],
  at: number,
): Promise<number[]> {
  const { rows } = await db.query<{ seq: string | number }>(
    `WITH counter AS (
       INSERT INTO channel_seqs (channel, last_seq) VALUES ($1, $2)
       ON CONFLICT (channel) DO UPDATE SET last_seq = channel_seqs.last_seq + $2
       RETURNING last_seq)
     INSERT INTO channel_messages (channel, seq, from_uid, msg_id, text, at)
     SELECT $1, counter.last_seq - $2 + m.i, m.from_uid, m.msg_id, m.text, $3
     FROM counter, unnest($4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS m(from_uid, msg_id, text, i)
     RETURNING seq`,
    [
      channel,
      messages.length,
      at,
      messages.map((m) => m.from),
      messages.map((m) => m.msgId ?? null),
      messages.map((m) => m.text),
    ],
  )
  const first = Math.min(...rows.map((r) => Number(r.seq)))
  return messages.map((_, i) => first + i)
}

/** The seqs already given to these senders' message ids in the channel (a resent message). */
export async function seqsOfIds(
  db: Queryable,
  channel: string,
  ids: readonly string[],
): Promise<Map<string, { from: string; seq: number }>> {
  if (ids.length === 0) return new Map()
  const { rows } = await db.query<{ msg_id: string; from_uid: string; seq: string | number }>(
    'SELECT msg_id, from_uid, seq FROM channel_messages WHERE channel = $1 AND msg_id = ANY($2)',
    [channel, ids],
  )
  return new Map(rows.map((r) => [r.msg_id, { from: r.from_uid, seq: Number(r.seq) }]))
}

/** The channel's newest seq (0 before its first message). */
export async function lastSeq(db: Queryable, channel: string): Promise<number> {
  const { rows } = await db.query<{ last_seq: string | number }>(
    'SELECT last_seq FROM channel_seqs WHERE channel = $1',
    [channel],
  )
  return Number(rows[0]?.last_seq ?? 0)
}

/** The newest seq of each channel (absent: 0). */
export async function lastSeqs(
  db: Queryable,
  channels: readonly string[],
): Promise<Map<string, number>> {
  const { rows } = await db.query<{ channel: string; last_seq: string | number }>(
    'SELECT channel, last_seq FROM channel_seqs WHERE channel = ANY($1::text[])',
    [channels],
  )
  return new Map(rows.map((r) => [r.channel, Number(r.last_seq)]))
}

/** Kept messages after `since` and sent at or after `notBefore`, oldest first, at most `limit`. */
export async function messagesSince(
  db: Queryable,
  channel: string,
  since: number,
  notBefore: number,
  limit: number,
): Promise<StoredMessage[]> {
  const { rows } = await db.query<{ seq: string | number; from_uid: string; text: string }>(
    `SELECT seq, from_uid, text FROM channel_messages
     WHERE channel = $1 AND seq > $2 AND at >= $3 ORDER BY seq LIMIT $4`,
    [channel, since, notBefore, limit],
  )
  return rows.map((r) => ({ seq: Number(r.seq), from: r.from_uid, text: r.text }))
}

/**
 * Since when a uid has been a present member of the room whose channel this is: `null` when the
 * channel belongs to a room the uid is not (or no longer) present in, `0` for a channel of no room.
 */
export async function presentSince(
  db: Queryable,
  channel: string,
  uid: string,
): Promise<number | null> {
  const { rows } = await db.query<{ room_id: string; joined_at: string | number | null }>(
    `SELECT r.room_id, m.joined_at FROM rooms r
     LEFT JOIN room_members m ON m.room_id = r.room_id AND m.uid = $2 AND ${presentByKey('m.left_at')}
     WHERE r.channel_name = $1 ORDER BY m.joined_at DESC NULLS LAST LIMIT 1`,
    [channel, uid],
  )
  const row = rows[0]
  if (!row) return 0
  return row.joined_at === null ? null : Number(row.joined_at)
}

/** Forgets messages older than `before`. */
export async function forgetMessages(db: Queryable, before: number): Promise<void> {
  await db.query('DELETE FROM channel_messages WHERE at < $1', [before])
}
