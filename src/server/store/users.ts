import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

export interface UserRow {
  user_id: string
  nick_name: string
  login_name: string | null
  user_type: string
  phone: string | null
  password_hash: string | null
  join_name: string
  photo: string
}

export async function getUser(db: Queryable, userId: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE user_id = $1', [userId])
  return rows[0]
}

/** The name a user chose to enter rooms under (scene's joinName). */
export async function setJoinName(db: Queryable, userId: string, name: string): Promise<void> {
  await db.query('UPDATE users SET join_name = $2 WHERE user_id = $1', [userId, name])
}
