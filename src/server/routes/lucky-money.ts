import { randomBytes, randomInt } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { Cmd } from '@streams/wire/channel'
import { LuckyMoneyService, type LuckyMoney } from '@streams/wire/rest/lucky-money'
import { Role } from '@streams/wire/roles'
import { ApiFailure } from '../http/errors'
import { registerService } from '../http/register'
import { Code, isHost, loadRoom, requireLive, requireMember } from '../rooms/access'
import type { Db } from '../store/db'
import {
  closePacket,
  drawnBy,
  getPacket,
  insertPacket,
  listDraws,
  listPackets,
  newestOpenPacket,
  takeShare,
  type Packet,
} from '../store/lucky-money'
import type { RouteOptions } from './options'

/**
 * One share of what is left: every grabber gets at least 1; a share is random up to twice the
 * average left ("double average"), and the last grabber takes the rest.
 */
export function drawShare(remainingAmount: number, remainingCount: number): number {
  if (remainingCount <= 1) return remainingAmount
  const max = Math.floor((remainingAmount / remainingCount) * 2)
  return Math.max(
    1,
    Math.min(remainingAmount - (remainingCount - 1), randomInt(1, Math.max(2, max))),
  )
}

/** Lucky money (spec §7): send a packet, grab a share, close it, list packets and draws. */
export const luckyMoneyRoutes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { deps, register: options },
) => {
  const { db } = deps
  const packet = async (q: Pick<Db, 'query'>, id: string, lock = false) => {
    const found = await getPacket(q, id, lock)
    if (!found)
      throw new ApiFailure(Code.luckyMoney, 'no such lucky money', { reason: 'noLuckyMoney' })
    return found
  }
  const withMine = async (p: Packet, userId: string): Promise<LuckyMoney> => ({
    ...p,
    myAmount: await drawnBy(db, p.luckyMoneyId, userId),
  })

  registerService(
    app,
    LuckyMoneyService,
    {
      async send({ body, who }) {
        const room = await loadRoom(db, body.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        if (me.role === Role.projection)
          throw new ApiFailure(Code.forbidden, 'a projection screen cannot send lucky money', {
            reason: 'forbidden',
          })
        if (body.count > body.totalAmount)
          throw new ApiFailure(400, 'params: totalAmount must be at least count', {
            status: 400,
            field: 'totalAmount',
            reason: 'invalid',
          })
        const sent = await insertPacket(db, {
          luckyMoneyId: randomBytes(8).toString('hex'),
          roomId: room.room_id,
          senderUserId: me.userId,
          senderName: me.userName,
          greeting: body.greeting ?? '',
          totalAmount: body.totalAmount,
          count: body.count,
          createTime: deps.now(),
        })
        deps.announce.channel(room.channel_name, Cmd.redPacket, {
          userId: me.userId,
          userName: me.userName,
          luckyMoneyId: sent.luckyMoneyId,
          total: sent.totalAmount,
          count: sent.count,
          greeting: sent.greeting,
        })
        return withMine(sent, me.userId)
      },

      async war({ body, who }) {
        const found = await packet(db, body.luckyMoneyId)
        const room = await loadRoom(db, found.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        const draw = await db.transaction(async (tx) => {
          const current = await packet(tx, found.luckyMoneyId, true)
          if (current.status !== 1 || current.remainingCount <= 0)
            throw new ApiFailure(Code.luckyMoney, 'the lucky money is all taken', {
              reason: 'empty',
            })
          const taken = await takeShare(tx, {
            luckyMoneyId: current.luckyMoneyId,
            userId: me.userId,
            userName: me.userName,
            amount: drawShare(current.remainingAmount, current.remainingCount),
            drawTime: deps.now(),
          })
          if (!taken)
            throw new ApiFailure(Code.luckyMoney, 'you have already grabbed this one', {
              reason: 'grabbed',
            })
          return taken
        })
        deps.announce.channel(room.channel_name, Cmd.nxBusiness, {
          userId: me.userId,
          userName: me.userName,
          type: 'lucky',
          amount: draw.amount,
          targetName: found.senderName,
        })
        return draw
      },

      async findUseful({ query, who }) {
        const room = await loadRoom(db, query.roomId)
        const me = await requireMember(db, room, who)
        const open = await newestOpenPacket(db, room.room_id)
        return open ? withMine(open, me.userId) : null
      },

      async statusUpdate({ body, who }) {
        const found = await packet(db, body.luckyMoneyId)
        const room = await loadRoom(db, found.roomId)
        const me = await requireMember(db, room, who)
        if (found.senderUserId !== me.userId && !isHost(me))
          throw new ApiFailure(Code.forbidden, 'only its sender or a host may close it', {
            reason: 'forbidden',
          })
        return withMine(await closePacket(db, found.luckyMoneyId), me.userId)
      },

      async list({ query, who }) {
        const room = await loadRoom(db, query.roomId)
        const me = await requireMember(db, room, who)
        const packets = await Promise.all(
          (await listPackets(db, room.room_id)).map((p) => withMine(p, me.userId)),
        )
        const draws = query.luckyMoneyId
          ? await listDraws(db, room.room_id, query.luckyMoneyId)
          : []
        return { packets, draws }
      },
    },
    options,
  )
}
