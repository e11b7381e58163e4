import { Type, type Static } from '@sinclair/typebox'
import { AppParams, defineService, Id, ROOM_PREFIX } from './route'

/**
 * Lucky money (red packets, spec §7): a member sends a packet of points split into shares
 * (sendRed); members grab one share each (robRed) until none is left. Points are the room's
 * virtual currency: no payment is involved. Sending is announced (cmd 19).
 */
export const LuckyMoneySchema = Type.Object({
  luckyMoneyId: Type.String(),
  roomId: Type.String(),
  senderUserId: Type.String(),
  senderName: Type.String(),
  greeting: Type.String(),
  /** Total points and shares. */
  totalAmount: Type.Integer(),
  count: Type.Integer(),
  remainingAmount: Type.Integer(),
  remainingCount: Type.Integer(),
  /** 1 open, 0 closed (by its sender or a host, or when all shares are taken). */
  status: Type.Integer(),
  createTime: Type.Number(),
  /** What the caller grabbed from it, 0 if nothing. */
  myAmount: Type.Integer(),
})
export type LuckyMoney = Static<typeof LuckyMoneySchema>

export const LuckyDrawSchema = Type.Object({
  luckyMoneyId: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  amount: Type.Integer(),
  drawTime: Type.Number(),
})

export const LuckyMoneyService = defineService(ROOM_PREFIX, 10011, {
  /** Send a packet (sendRed). */
  send: {
    method: 'POST',
    path: 'luckyMoney/add',
    params: AppParams({}),
    body: Type.Object({
      roomId: Id,
      totalAmount: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
      count: Type.Integer({ minimum: 1, maximum: 1000 }),
      greeting: Type.Optional(Type.String({ maxLength: 100 })),
    }),
    data: LuckyMoneySchema,
    access: 'session',
  },
  /** Grab a share (robRed): answers the draw, or a refusal when none is left or already grabbed. */
  war: {
    method: 'POST',
    path: 'luckyMoney/war',
    params: AppParams({}),
    body: Type.Object({ luckyMoneyId: Id }),
    data: LuckyDrawSchema,
    access: 'session',
  },
  /** The room's newest open packet, or null. */
  findUseful: {
    method: 'GET',
    path: 'luckyMoney/findUsefulLuckyMoney',
    params: AppParams({}),
    query: Type.Object({ roomId: Id }),
    data: Type.Union([LuckyMoneySchema, Type.Null()]),
    access: 'session',
  },
  /** Close a packet (its sender or a host). */
  statusUpdate: {
    method: 'POST',
    path: 'luckyMoney/status/update',
    params: AppParams({}),
    body: Type.Object({ luckyMoneyId: Id, status: Type.Literal(0) }),
    data: LuckyMoneySchema,
    access: 'session',
  },
  /** The room's packets, newest first, or one packet's draws. */
  list: {
    method: 'GET',
    path: 'luckyMoney/list',
    params: AppParams({}),
    query: Type.Object({ roomId: Id, luckyMoneyId: Type.Optional(Id) }),
    data: Type.Object({
      packets: Type.Array(LuckyMoneySchema),
      draws: Type.Array(LuckyDrawSchema),
    }),
    access: 'session',
  },
})
