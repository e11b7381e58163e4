import type { FastifyInstance } from 'fastify'
import { Cmd } from '@streams/wire/channel'
import { SignInService } from '@streams/wire/rest/sign-in'
import type { Deps } from '../deps'
import { registerService, type RegisterOptions } from '../http/register'
import { loadRoom, requireLive, requireMember } from '../rooms/access'

interface SignInRow {
  room_id: string
  user_id: string
  user_name: string
  user_photo: string
  sign_in_time: string
}

/** Sign-in and the sign-in wall (spec §2, §7). */
export function signInRoutes(app: FastifyInstance, deps: Deps, options: RegisterOptions): void {
  const { db } = deps
  const toSignIn = (r: SignInRow) => ({
    roomId: r.room_id,
    userId: r.user_id,
    userName: r.user_name,
    userPhoto: r.user_photo,
    signInTime: Number(r.sign_in_time),
  })
  const all = async (roomId: string) =>
    (
      await db.query<SignInRow>(
        'SELECT * FROM sign_ins WHERE room_id = $1 ORDER BY sign_in_time, user_id',
        [roomId],
      )
    ).rows.map(toSignIn)

  registerService(
    app,
    SignInService,
    {
      async add({ body, who }) {
        const room = await loadRoom(db, body.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        const { rows } = await db.query<SignInRow>(
          `INSERT INTO sign_ins (room_id, user_id, user_name, user_photo, sign_in_time) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (room_id, user_id) DO NOTHING RETURNING *`,
          [room.room_id, me.userId, me.userName, me.userPhoto, deps.now()],
        )
        // Signing in twice is no error: the first sign-in stands and is announced once.
        if (rows[0])
          deps.announce.channel(room.channel_name, Cmd.nxBusiness, {
            userId: me.userId,
            userName: me.userName,
            type: 'signIn',
          })
        return (await all(room.room_id)).find((s) => s.userId === me.userId)!
      },

      async list({ query, who }) {
        const room = await loadRoom(db, query.roomId)
        await requireMember(db, room, who)
        return all(room.room_id)
      },

      async result({ query, who }) {
        const room = await loadRoom(db, query.roomId)
        const me = await requireMember(db, room, who)
        const list = await all(room.room_id)
        const mine = list.find((s) => s.userId === me.userId)
        return { signedIn: Boolean(mine), signInTime: mine?.signInTime ?? null, total: list.length }
      },
    },
    options,
  )
}
