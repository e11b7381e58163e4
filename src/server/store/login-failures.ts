import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

/** A login name's failed password logins in a row, and when the last one was. */
export async function loginFailures(
  db: Queryable,
  userName: string,
): Promise<{ failures: number; lastAt: number } | undefined> {
  const { rows } = await db.query<{ failures: number; last_at: string }>(
    'SELECT failures, last_at FROM login_failures WHERE user_name = $1',
    [userName],
  )
  const row = rows[0]
  return row && { failures: row.failures, lastAt: Number(row.last_at) }
}

/** Counts one more failure, from 1 again when the last was before `windowStart`. */
export async function recordLoginFailure(
  db: Queryable,
  userName: string,
  now: number,
  windowStart: number,
): Promise<void> {
  await db.query(
    `INSERT INTO login_failures (user_name, failures, last_at) VALUES ($1, 1, $2)
     ON CONFLICT (user_name) DO UPDATE SET failures = CASE WHEN login_failures.last_at < $3 THEN 1 ELSE login_failures.failures + 1 END, last_at = $2`,
    [userName, now, windowStart],
  )
}

export async function clearLoginFailures(db: Queryable, userName: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE user_name = $1', [userName])
}
