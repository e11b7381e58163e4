import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

export interface NewSession {
  readonly sid: string
  readonly userId: string
  readonly expiresAt: number
  /** A visitor's nickname: its user row is written with the session. */
  readonly visitorName?: string
}

/** Sessions started together (and the user rows of the visitors among them), one statement. */
export async function insertSessions(
  db: Queryable,
  sessions: readonly NewSession[],
  now: number,
): Promise<void> {
  const params: unknown[] = [now]
  const rows = sessions.map((s) => {
    params.push(s.sid, s.userId, s.expiresAt)
    const n = params.length
    return `($${n - 2}, $${n - 1}, $1, $${n})`
  })
  const visitors = sessions.flatMap((s) => {
    if (s.visitorName === undefined) return []
    params.push(s.userId, s.visitorName)
    return [`($${params.length - 1}, $${params.length}, 'visitor', $1)`]
  })
  const users =
    visitors.length > 0
      ? `WITH visitors AS (INSERT INTO users (user_id, nick_name, user_type, created_at) VALUES ${visitors.join(', ')}) `
      : ''
  await db.query(
    `${users}INSERT INTO sessions (sid, user_id, created_at, expires_at) VALUES ${rows.join(', ')}`,
    params,
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
