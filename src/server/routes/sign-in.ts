import type { FastifyPluginAsync } from 'fastify'
import { Cmd } from '@streams/wire/channel'
import { SignInService } from '@streams/wire/rest/sign-in'
import { registerService } from '../http/register'
import { loadRoom, requireLive, requireMember } from '../rooms/access'
import { insertSignIn, listSignIns } from '../store/sign-ins'
import type { RouteOptions } from './options'

/** Sign-in and the sign-in wall (spec §2, §7). */
export const signInRoutes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { deps, register: options },
) => {
  const { db } = deps
  const all = (roomId: string) => listSignIns(db, roomId)

  registerService(
    app,
    SignInService,
    {
      async add({ body, who }) {
        const room = await loadRoom(db, body.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        const first = await insertSignIn(db, {
          roomId: room.room_id,
          userId: me.userId,
          userName: me.userName,
          userPhoto: me.userPhoto,
          signInTime: deps.now(),
        })
        // Signing in twice is no error: the first sign-in stands and is announced once.
        if (first)
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
