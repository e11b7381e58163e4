import { produce, type Draft } from 'immer'
import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import type { Goods } from '../ports/rest-types'
import type { RedPacketData } from '../wire/channel'
import { meIsHost } from './derive'
import type { Slices } from './state'
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
function packet(draft: Draft<BusinessState>, data: RedPacketData): void {
  draft.redPacket = data
  draft.drawn = null
  draft.packetResults = null
}

const withGoods = (list: readonly Goods[] | null, goods: Goods): readonly Goods[] => [
  ...(list ?? []).filter((g) => g.goodsId !== goods.goodsId),
  goods,
]

export const businessProjection = defineProjection<BusinessState, Event, Slices<'me' | 'room'>>(
  initialBusiness,
  {
    // [CMD-19] [MSG-8] non-host users get the robRed and sendRed tools
    'msg/redPacketReceived': (b, e, reads) =>
      produce(b, (draft) => {
        packet(draft, e.data)
        if (!meIsHost(reads) && !b.tools.includes('robRed')) draft.tools.push('robRed', 'sendRed')
      }),
    'rest/openRedPacketLoaded': (b, { packet: open }) =>
      open && open.myAmount === 0 && b.redPacket === null
        ? produce(b, (draft) =>
            packet(draft, {
              userId: open.senderUserId,
              userName: open.senderName,
              luckyMoneyId: open.luckyMoneyId,
              total: open.totalAmount,
              count: open.count,
              greeting: open.greeting,
            }),
          )
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
    'rest/signedIn': (b, e) =>
      produce(b, (draft) => {
        draft.signedIn = true
        if (!b.signIns?.some((s) => s.userId === e.record.userId)) draft.signIns?.push(e.record)
      }),
    'rest/signInsLoaded': (b, e, { me }) => ({
      ...b,
      signIns: e.list,
      signedIn: b.signedIn || e.list.some((s) => s.userId === me?.userId),
    }),
    // [CMD-17] the document centre's current document
    'msg/domInfoChanged': (b, e) => ({ ...b, dom: e.data }),
    // [CMD-18]
    // a spread for the frequent toasts; the wall's push on a draft
    'msg/businessReceived': (b, { data, timestamp }, { room }) =>
      data.type === 'signIn' && b.signIns && !b.signIns.some((s) => s.userId === data.userId)
        ? produce(b, (draft) => {
            draft.last = data
            draft.signIns?.push({
              roomId: room?.roomId ?? '',
              userId: data.userId,
              userName: data.userName,
              userPhoto: '',
              signInTime: timestamp,
            })
          })
        : { ...b, last: data },
    // [CMD-21]
    'msg/refreshRequested': (b) => ({ ...b, reloadRequested: true }),
    'life/exited': () => initialBusiness,
  },
)
