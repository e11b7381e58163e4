import { randomBytes } from 'node:crypto'
import type { Db } from '../store/db'

/**
 * The server's signing secret: ROOMCAST_SECRET when set, else one generated on first start and
 * kept in the database, so every process sharing the database signs alike and restarts keep
 * sessions and tokens valid.
 */
export async function loadSecret(db: Db, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv
  const candidate = randomBytes(32).toString('base64url')
  await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    'secret',
    candidate,
  ])
  const { rows } = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [
    'secret',
  ])
  const secret = rows[0]?.value
  if (!secret) throw new Error('could not load the signing secret')
  return secret
}
