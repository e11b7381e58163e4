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

/** The name a user had in a room, else the account's (its join name, else its nick name). */
export async function nameInRoom(
  db: Queryable,
  userId: string,
  roomId: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT 0 AS k, user_name AS name FROM room_members WHERE user_id = $1 AND room_id = $2
     UNION ALL SELECT 1, COALESCE(NULLIF(join_name, ''), nick_name) FROM users WHERE user_id = $1
     ORDER BY k LIMIT 1`,
    [userId, roomId],
  )
  return rows[0]?.name
}

export async function findUserByPhone(db: Queryable, phone: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE phone = $1', [phone])
  return rows[0]
}

/** The member whose login name or phone is `name`, or undefined. */
export async function findMemberByLogin(db: Queryable, name: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    "SELECT * FROM users WHERE user_type = 'member' AND (login_name = $1 OR phone = $1) LIMIT 1",
    [name],
  )
  return rows[0]
}

/**
 * Makes `userId` a member logging in by `phone` (its login name too): a new account, or a
 * visitor's, which keeps its rooms; a nickname starting with `visitorPrefix` gives way to `nick`.
 */
export async function upsertPhoneMember(
  db: Queryable,
  m: { userId: string; nick: string; phone: string; now: number; visitorPrefix: string },
): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (user_id, nick_name, login_name, user_type, phone, created_at) VALUES ($1, $2, $3, 'member', $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET user_type = 'member', phone = $3, login_name = $3,
       nick_name = CASE WHEN users.nick_name LIKE $5 THEN $2 ELSE users.nick_name END
     RETURNING *`,
    [m.userId, m.nick, m.phone, m.now, `${m.visitorPrefix.replace('_', '\\_')}%`],
  )
  return rows[0]!
}

export async function setPasswordHash(db: Queryable, userId: string, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE user_id = $1', [userId, hash])
}

/** How many rooms the user created, and how many it is a present host of. */
export async function roomCounts(
  db: Queryable,
  userId: string,
): Promise<{ created: number; hosting: number }> {
  const { rows } = await db.query<{ created: string; hosting: string }>(
    `SELECT (SELECT count(*) FROM rooms WHERE create_user_id = $1) AS created,
            (SELECT count(*) FROM room_members WHERE user_id = $1 AND role = 1 AND left_at IS NULL) AS hosting`,
    [userId],
  )
  return { created: Number(rows[0]?.created ?? 0), hosting: Number(rows[0]?.hosting ?? 0) }
}
