import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import type { Goods } from '../ports/rest-types'
import type { RedPacketData } from '../wire/channel'
import type { ToolKey } from '../wire/constants'
import { Role } from '../wire/roles'
import type { State } from './state'
import type { BusinessState } from './state/business'
export type { BusinessState } from './state/business'

export const initialBusiness: BusinessState = {
  tools: [],
  redPacket: null,
  drawn: null,
  packetResults: null,
  goods: null,
  goodsList: null,
  signedIn: false,
  signIns: null,
  dom: null,
  last: null,
  reloadRequested: false,
}

/** A new red packet on my screen: nothing drawn from it yet. */
const packet = (b: BusinessState, data: RedPacketData): BusinessState => ({
  ...b,
  redPacket: data,
  drawn: null,
  packetResults: null,
})

const withGoods = (list: readonly Goods[] | null, goods: Goods): readonly Goods[] => [
  ...(list ?? []).filter((g) => g.goodsId !== goods.goodsId),
  goods,
]

export const businessProjection = defineProjection<BusinessState, Event, State>(initialBusiness, {
  // [CMD-19] [MSG-8] non-host users get the robRed and sendRed tools
  'msg/redPacketReceived': (b, e, root) => {
    const tools: ToolKey[] =
      root.me?.role === Role.host || b.tools.includes('robRed')
        ? [...b.tools]
        : [...b.tools, 'robRed', 'sendRed']
    return { ...packet(b, e.data), tools }
  },
  'rest/openRedPacketLoaded': (b, e) =>
    e.packet && e.packet.myAmount === 0 && b.redPacket === null
      ? packet(b, {
          userId: e.packet.senderUserId,
          userName: e.packet.senderName,
          luckyMoneyId: e.packet.luckyMoneyId,
          total: e.packet.totalAmount,
          count: e.packet.count,
          greeting: e.packet.greeting,
        })
      : b,
  'rest/redPacketDrawn': (b, e) =>
    b.redPacket?.luckyMoneyId === e.draw.luckyMoneyId ? { ...b, drawn: e.draw } : b,
  'rest/redPacketsLoaded': (b, e) =>
    b.redPacket?.luckyMoneyId === e.luckyMoneyId ? { ...b, packetResults: e.list } : b,
  'ui/redPacketClosed': (b) => ({ ...b, redPacket: null, drawn: null, packetResults: null }),
  // [CMD-23] a goods detail (a message without goodsId never gets here, [MSG-4])
  'msg/goodsShown': (b, e) => ({ ...b, goods: e.data.show === false ? null : e.data }),
  'ui/goodsCardClosed': (b) => ({ ...b, goods: null }),
  'rest/goodsLoaded': (b, e) => ({ ...b, goodsList: e.goods }),
  'rest/goodsAdded': (b, e) => ({ ...b, goodsList: withGoods(b.goodsList, e.goods) }),
  // sign-in: mine, and the wall kept current by every sign-in announced ([CMD-18])
  'rest/signedIn': (b, e) => ({
    ...b,
    signedIn: true,
    signIns:
      b.signIns && !b.signIns.some((s) => s.userId === e.record.userId)
        ? [...b.signIns, e.record]
        : b.signIns,
  }),
  'rest/signInsLoaded': (b, e, root) => ({
    ...b,
    signIns: e.list,
    signedIn: b.signedIn || e.list.some((s) => s.userId === root.me?.userId),
  }),
  // [CMD-17] the document centre's current document
  'msg/domInfoChanged': (b, e) => ({ ...b, dom: e.data }),
  // [CMD-18]
  'msg/businessReceived': (b, e, root) => {
    const { data } = e
    const wall =
      data.type === 'signIn' && b.signIns && !b.signIns.some((s) => s.userId === data.userId)
        ? [
            ...b.signIns,
            {
              roomId: root.room?.roomId ?? '',
              userId: data.userId,
              userName: data.userName,
              userPhoto: '',
              signInTime: e.timestamp,
            },
          ]
        : b.signIns
    return { ...b, last: data, signIns: wall }
  },
  // [CMD-21]
  'msg/refreshRequested': (b) => ({ ...b, reloadRequested: true }),
  'life/exited': () => initialBusiness,
})
