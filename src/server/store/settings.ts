import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

/** A server setting kept in the database (shared by every process), or undefined. */
export async function readSetting(db: Queryable, key: string): Promise<string | undefined> {
  const { rows } = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [
    key,
  ])
  return rows[0]?.value
}

/** Keeps a setting unless one is kept already (the first process to start wins). */
export async function keepSettingOnce(db: Queryable, key: string, value: string): Promise<void> {
  await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    key,
    value,
  ])
}
