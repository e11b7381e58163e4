import { randomBytes, randomInt } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Cmd } from '@streams/wire/channel'
import { LuckyMoneyService, type LuckyMoney } from '@streams/wire/rest/lucky-money'
import { Role } from '@streams/wire/roles'
import type { Deps } from '../deps'
import { ApiFailure } from '../http/errors'
import { registerService, type RegisterOptions } from '../http/register'
import { Code, isHost, loadRoom, requireLive, requireMember } from '../rooms/access'
import type { Db } from '../store/db'

interface PacketRow {
  lucky_money_id: string
  room_id: string
  sender_user_id: string
  sender_name: string
  greeting: string
  total_amount: number
  count: number
  remaining_amount: number
  remaining_count: number
  status: number
  create_time: string
}
interface DrawRow {
  lucky_money_id: string
  user_id: string
  user_name: string
  amount: number
  draw_time: string
}

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
export function luckyMoneyRoutes(app: FastifyInstance, deps: Deps, options: RegisterOptions): void {
  const { db } = deps
  const packet = async (q: Pick<Db, 'query'>, id: string, lock = false) => {
    const { rows } = await q.query<PacketRow>(
      `SELECT * FROM lucky_money WHERE lucky_money_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    )
    if (!rows[0])
      throw new ApiFailure(Code.luckyMoney, 'no such lucky money', { reason: 'noLuckyMoney' })
    return rows[0]
  }
  const myDraw = async (id: string, userId: string) => {
    const { rows } = await db.query<{ amount: number }>(
      'SELECT amount FROM lucky_draws WHERE lucky_money_id = $1 AND user_id = $2',
      [id, userId],
    )
    return rows[0]?.amount ?? 0
  }
  const toPacket = async (r: PacketRow, userId: string): Promise<LuckyMoney> => ({
    luckyMoneyId: r.lucky_money_id,
    roomId: r.room_id,
    senderUserId: r.sender_user_id,
    senderName: r.sender_name,
    greeting: r.greeting,
    totalAmount: r.total_amount,
    count: r.count,
    remainingAmount: r.remaining_amount,
    remainingCount: r.remaining_count,
    status: r.status,
    createTime: Number(r.create_time),
    myAmount: await myDraw(r.lucky_money_id, userId),
  })
  const toDraw = (r: DrawRow) => ({
    luckyMoneyId: r.lucky_money_id,
    userId: r.user_id,
    userName: r.user_name,
    amount: r.amount,
    drawTime: Number(r.draw_time),
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
        const { rows } = await db.query<PacketRow>(
          `INSERT INTO lucky_money (lucky_money_id, room_id, sender_user_id, sender_name, greeting, total_amount, count, remaining_amount, remaining_count, create_time)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $7, $8) RETURNING *`,
          [
            randomBytes(8).toString('hex'),
            room.room_id,
            me.userId,
            me.userName,
            body.greeting ?? '',
            body.totalAmount,
            body.count,
            deps.now(),
          ],
        )
        const sent = rows[0]!
        deps.announce.channel(room.channel_name, Cmd.redPacket, {
          userId: me.userId,
          userName: me.userName,
          luckyMoneyId: sent.lucky_money_id,
          total: sent.total_amount,
          count: sent.count,
          greeting: sent.greeting,
        })
        return toPacket(sent, me.userId)
      },

      async war({ body, who }) {
        const found = await packet(db, body.luckyMoneyId)
        const room = await loadRoom(db, found.room_id)
        requireLive(room)
        const me = await requireMember(db, room, who)
        const draw = await db.transaction(async (tx) => {
          const current = await packet(tx, found.lucky_money_id, true)
          if (current.status !== 1 || current.remaining_count <= 0)
            throw new ApiFailure(Code.luckyMoney, 'the lucky money is all taken', {
              reason: 'empty',
            })
          const amount = drawShare(current.remaining_amount, current.remaining_count)
          const { rows } = await tx.query<DrawRow>(
            `INSERT INTO lucky_draws (lucky_money_id, user_id, user_name, amount, draw_time) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT DO NOTHING RETURNING *`,
            [current.lucky_money_id, me.userId, me.userName, amount, deps.now()],
          )
          if (!rows[0])
            throw new ApiFailure(Code.luckyMoney, 'you have already grabbed this one', {
              reason: 'grabbed',
            })
          await tx.query(
            `UPDATE lucky_money SET remaining_amount = remaining_amount - $2, remaining_count = remaining_count - 1,
             status = CASE WHEN remaining_count - 1 <= 0 THEN 0 ELSE status END WHERE lucky_money_id = $1`,
            [current.lucky_money_id, amount],
          )
          return toDraw(rows[0])
        })
        deps.announce.channel(room.channel_name, Cmd.nxBusiness, {
          userId: me.userId,
          userName: me.userName,
          type: 'lucky',
          amount: draw.amount,
          targetName: found.sender_name,
        })
        return draw
      },

      async findUseful({ query, who }) {
        const room = await loadRoom(db, query.roomId)
        const me = await requireMember(db, room, who)
        const { rows } = await db.query<PacketRow>(
          'SELECT * FROM lucky_money WHERE room_id = $1 AND status = 1 ORDER BY create_time DESC LIMIT 1',
          [room.room_id],
        )
        return rows[0] ? toPacket(rows[0], me.userId) : null
      },

      async statusUpdate({ body, who }) {
        const found = await packet(db, body.luckyMoneyId)
        const room = await loadRoom(db, found.room_id)
        const me = await requireMember(db, room, who)
        if (found.sender_user_id !== me.userId && !isHost(me))
          throw new ApiFailure(Code.forbidden, 'only its sender or a host may close it', {
            reason: 'forbidden',
          })
        const { rows } = await db.query<PacketRow>(
          'UPDATE lucky_money SET status = 0 WHERE lucky_money_id = $1 RETURNING *',
          [found.lucky_money_id],
        )
        return toPacket(rows[0]!, me.userId)
      },

      async list({ query, who }) {
        const room = await loadRoom(db, query.roomId)
        const me = await requireMember(db, room, who)
        const { rows } = await db.query<PacketRow>(
          'SELECT * FROM lucky_money WHERE room_id = $1 ORDER BY create_time DESC LIMIT 100',
          [room.room_id],
        )
        const packets = await Promise.all(rows.map((r) => toPacket(r, me.userId)))
        const draws = query.luckyMoneyId
          ? (
              await db.query<DrawRow>(
                `SELECT d.* FROM lucky_draws d JOIN lucky_money m ON m.lucky_money_id = d.lucky_money_id
                 WHERE m.room_id = $1 AND d.lucky_money_id = $2 ORDER BY d.draw_time`,
                [room.room_id, query.luckyMoneyId],
              )
            ).rows.map(toDraw)
          : []
        return { packets, draws }
      },
    },
    options,
  )
}
