import { randomBytes } from 'node:crypto'
import type { Db } from '../store/db'
import { keepSettingOnce, readSetting } from '../store/settings'

/**
 * The server's signing secret: ROOMCAST_SECRET when set, else one generated on first start and
 * kept in the database, so every process sharing the database signs alike and restarts keep
 * sessions and tokens valid.
 */
export async function loadSecret(db: Db, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv
  const candidate = randomBytes(32).toString('base64url')
  await keepSettingOnce(db, 'secret', candidate)
  const secret = await readSetting(db, 'secret')
  if (!secret) throw new Error('could not load the signing secret')
  return secret
}
