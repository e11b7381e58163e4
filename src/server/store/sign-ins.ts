import type { Static } from '@sinclair/typebox'
import type { SignInSchema } from '@streams/wire/rest/sign-in'
import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

interface SignInRow {
  room_id: string
  user_id: string
  user_name: string
  user_photo: string
  sign_in_time: string
}

export type SignIn = Static<typeof SignInSchema>

const toSignIn = (r: SignInRow): SignIn => ({
  roomId: r.room_id,
  userId: r.user_id,
  userName: r.user_name,
  userPhoto: r.user_photo,
  signInTime: Number(r.sign_in_time),
})

/** A room's sign-ins, first signed in first. */
export async function listSignIns(db: Queryable, roomId: string): Promise<SignIn[]> {
  const { rows } = await db.query<SignInRow>(
    'SELECT * FROM sign_ins WHERE room_id = $1 ORDER BY sign_in_time, user_id',
    [roomId],
  )
  return rows.map(toSignIn)
}

/** Keeps a member's sign-in; answers false when the member had signed in already. */
export async function insertSignIn(db: Queryable, s: SignIn): Promise<boolean> {
  const { rows } = await db.query<SignInRow>(
    `INSERT INTO sign_ins (room_id, user_id, user_name, user_photo, sign_in_time) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (room_id, user_id) DO NOTHING RETURNING *`,
    [s.roomId, s.userId, s.userName, s.userPhoto, s.signInTime],
  )
  return rows.length > 0
}
