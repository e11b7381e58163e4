import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

/** A phone's login code (salted hash), its wrong tries and lock, times in epoch ms. */
export interface SmsCodeRow {
  code_hash: string
  sent_at: string
  expires_at: string
  attempts: number
  failed_at: string
  locked_until: string
}

export async function getSmsCode(db: Queryable, phone: string): Promise<SmsCodeRow | undefined> {
  const { rows } = await db.query<SmsCodeRow>(
    'SELECT code_hash, sent_at, expires_at, attempts, failed_at, locked_until FROM sms_codes WHERE phone = $1',
    [phone],
  )
  return rows[0]
}

/**
 * Keeps a new code for the phone, unlocked; the count of wrong codes survives unless the last
 * wrong one came before `failuresBefore`.
 */
export async function keepSmsCode(
  db: Queryable,
  c: { phone: string; codeHash: string; now: number; expiresAt: number; failuresBefore: number },
): Promise<void> {
  await db.query(
    `INSERT INTO sms_codes (phone, code_hash, sent_at, expires_at, attempts) VALUES ($1, $2, $3, $4, 0)
     ON CONFLICT (phone) DO UPDATE SET code_hash = $2, sent_at = $3, expires_at = $4,
       attempts = CASE WHEN sms_codes.failed_at < $5 THEN 0 ELSE sms_codes.attempts END,
       locked_until = 0`,
    [c.phone, c.codeHash, c.now, c.expiresAt, c.failuresBefore],
  )
}

/** The phone's code is void and counts as never sent (its wrong tries stay). */
export async function voidSmsCode(db: Queryable, phone: string): Promise<void> {
  await db.query('UPDATE sms_codes SET expires_at = 0, sent_at = 0 WHERE phone = $1', [phone])
}

export async function deleteSmsCode(db: Queryable, phone: string): Promise<void> {
  await db.query('DELETE FROM sms_codes WHERE phone = $1', [phone])
}

/** Counts a wrong code; a `locked` phone's code is void as well. */
export async function recordWrongCode(
  db: Queryable,
  w: { phone: string; attempts: number; now: number; lockedUntil: number; locked: boolean },
): Promise<void> {
  await db.query(
    `UPDATE sms_codes SET attempts = $2, failed_at = $3,
       locked_until = $4, expires_at = CASE WHEN $5 THEN 0 ELSE expires_at END WHERE phone = $1`,
    [w.phone, w.attempts, w.now, w.lockedUntil, w.locked],
  )
}

/** Keeps that a code went to a phone for a client address (the daily limits count them). */
export async function recordSmsSend(
  db: Queryable,
  phone: string,
  address: string,
  now: number,
): Promise<void> {
  await db.query('INSERT INTO sms_sends (phone, address, sent_at) VALUES ($1, $2, $3)', [
    phone,
    address,
    now,
  ])
}

export async function pruneSmsSends(db: Queryable, before: number): Promise<void> {
  await db.query('DELETE FROM sms_sends WHERE sent_at < $1', [before])
}

/** How many codes went to the phone since `since`. */
export async function sendsToPhone(db: Queryable, phone: string, since: number): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM sms_sends WHERE phone = $1 AND sent_at >= $2',
    [phone, since],
  )
  return Number(rows[0]?.n ?? 0)
}

/** The phones codes went to for a client address since `since`. */
export async function phonesOfAddress(
  db: Queryable,
  address: string,
  since: number,
): Promise<string[]> {
  const { rows } = await db.query<{ phone: string }>(
    'SELECT DISTINCT phone FROM sms_sends WHERE address = $1 AND sent_at >= $2',
    [address, since],
  )
  return rows.map((r) => r.phone)
}
