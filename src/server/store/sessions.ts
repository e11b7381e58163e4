import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

export async function insertSession(
  db: Queryable,
  s: { sid: string; userId: string; createdAt: number; expiresAt: number },
): Promise<void> {
  await db.query(
    'INSERT INTO sessions (sid, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [s.sid, s.userId, s.createdAt, s.expiresAt],
  )
}

export async function deleteSession(db: Queryable, sid: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE sid = $1', [sid])
}

export async function deleteExpiredSessions(db: Queryable, now: number): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at < $1', [now])
}

/** Every session of the account ends but `keptSid`. */
export async function deleteOtherSessions(
  db: Queryable,
  userId: string,
  keptSid: string,
): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND sid <> $2', [userId, keptSid])
}

/** The account of a session of `userId` not expired at `now`, or undefined. */
export async function sessionUser(
  db: Queryable,
  sid: string,
  userId: string,
  now: number,
): Promise<{ userId: string; nickName: string; userType: string } | undefined> {
  const { rows } = await db.query<{ user_id: string; nick_name: string; user_type: string }>(
    `SELECT u.user_id, u.nick_name, u.user_type FROM sessions s JOIN users u ON u.user_id = s.user_id
     WHERE s.sid = $1 AND s.user_id = $2 AND s.expires_at > $3`,
    [sid, userId, now],
  )
  const row = rows[0]
  return row && { userId: row.user_id, nickName: row.nick_name, userType: row.user_type }
}
