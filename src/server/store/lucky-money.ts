import type { Static } from '@sinclair/typebox'
import type { LuckyDrawSchema, LuckyMoney } from '@streams/wire/rest/lucky-money'
import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

/** A packet as kept (what the caller grabbed from it is asked apart: `drawnBy`). */
export type Packet = Omit<LuckyMoney, 'myAmount'>
export type Draw = Static<typeof LuckyDrawSchema>

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

const toPacket = (r: PacketRow): Packet => ({
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
})
const toDraw = (r: DrawRow): Draw => ({
  luckyMoneyId: r.lucky_money_id,
  userId: r.user_id,
  userName: r.user_name,
  amount: r.amount,
  drawTime: Number(r.draw_time),
})

/** A packet, or undefined; `lock` holds its row until the transaction ends. */
export async function getPacket(
  db: Queryable,
  id: string,
  lock = false,
): Promise<Packet | undefined> {
  const { rows } = await db.query<PacketRow>(
    `SELECT * FROM lucky_money WHERE lucky_money_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  )
  return rows[0] && toPacket(rows[0])
}

/** A new open packet: all of its amount and shares remain. */
export async function insertPacket(
  db: Queryable,
  p: Pick<
    Packet,
    | 'luckyMoneyId'
    | 'roomId'
    | 'senderUserId'
    | 'senderName'
    | 'greeting'
    | 'totalAmount'
    | 'count'
    | 'createTime'
  >,
): Promise<Packet> {
  const { rows } = await db.query<PacketRow>(
    `INSERT INTO lucky_money (lucky_money_id, room_id, sender_user_id, sender_name, greeting, total_amount, count, remaining_amount, remaining_count, create_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $7, $8) RETURNING *`,
    [
      p.luckyMoneyId,
      p.roomId,
      p.senderUserId,
      p.senderName,
      p.greeting,
      p.totalAmount,
      p.count,
      p.createTime,
    ],
  )
  return toPacket(rows[0]!)
}

/** What a user grabbed from a packet, 0 if nothing. */
export async function drawnBy(db: Queryable, id: string, userId: string): Promise<number> {
  const { rows } = await db.query<{ amount: number }>(
    'SELECT amount FROM lucky_draws WHERE lucky_money_id = $1 AND user_id = $2',
    [id, userId],
  )
  return rows[0]?.amount ?? 0
}

/**
 * Keeps a user's share and takes it from the packet (closed when no share is left); answers
 * undefined when the user had grabbed one already. Run it in a transaction holding the packet.
 */
export async function takeShare(db: Queryable, draw: Draw): Promise<Draw | undefined> {
  const { rows } = await db.query<DrawRow>(
    `INSERT INTO lucky_draws (lucky_money_id, user_id, user_name, amount, draw_time) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING RETURNING *`,
    [draw.luckyMoneyId, draw.userId, draw.userName, draw.amount, draw.drawTime],
  )
  if (!rows[0]) return undefined
  await db.query(
    `UPDATE lucky_money SET remaining_amount = remaining_amount - $2, remaining_count = remaining_count - 1,
     status = CASE WHEN remaining_count - 1 <= 0 THEN 0 ELSE status END WHERE lucky_money_id = $1`,
    [draw.luckyMoneyId, draw.amount],
  )
  return toDraw(rows[0])
}

/** A room's newest open packet, or undefined. */
export async function newestOpenPacket(db: Queryable, roomId: string): Promise<Packet | undefined> {
  const { rows } = await db.query<PacketRow>(
    'SELECT * FROM lucky_money WHERE room_id = $1 AND status = 1 ORDER BY create_time DESC LIMIT 1',
    [roomId],
  )
  return rows[0] && toPacket(rows[0])
}

export async function closePacket(db: Queryable, id: string): Promise<Packet> {
  const { rows } = await db.query<PacketRow>(
    'UPDATE lucky_money SET status = 0 WHERE lucky_money_id = $1 RETURNING *',
    [id],
  )
  return toPacket(rows[0]!)
}

/** A room's newest packets (100 at most), newest first. */
export async function listPackets(db: Queryable, roomId: string): Promise<Packet[]> {
  const { rows } = await db.query<PacketRow>(
    'SELECT * FROM lucky_money WHERE room_id = $1 ORDER BY create_time DESC LIMIT 100',
    [roomId],
  )
  return rows.map(toPacket)
}

/** The draws of one of a room's packets, first grabbed first. */
export async function listDraws(db: Queryable, roomId: string, id: string): Promise<Draw[]> {
  const { rows } = await db.query<DrawRow>(
    `SELECT d.* FROM lucky_draws d JOIN lucky_money m ON m.lucky_money_id = d.lucky_money_id
     WHERE m.room_id = $1 AND d.lucky_money_id = $2 ORDER BY d.draw_time`,
    [roomId, id],
  )
  return rows.map(toDraw)
}
