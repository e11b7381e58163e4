import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import type {
  BusinessData,
  DomInfoData,
  GoodsData,
  QuestionData,
  RedPacketData,
} from '../wire/channel'
import type { ToolKey } from '../wire/constants'
import { Role } from '../wire/roles'
import type { State } from './state'

/** Business features: tools, lucky money, goods, quiz questions, documents, refresh. */
export interface BusinessState {
  /** Extra tool bar keys this participant got ([MSG-8]). */
  readonly tools: readonly ToolKey[]
  readonly redPacket: RedPacketData | null
  readonly goods: GoodsData | null
  readonly question: QuestionData | null
  readonly dom: DomInfoData | null
  /** The last business message ([MSG-10]); its toast or dialog is in `ui`. */
  readonly last: BusinessData | null
  /** The server asked every client to reload ([CMD-21]). */
  readonly reloadRequested: boolean
}

export const initialBusiness: BusinessState = {
  tools: [],
  redPacket: null,
  goods: null,
  question: null,
  dom: null,
  last: null,
  reloadRequested: false,
}

/** A copy with some fields replaced (undefined is no change); an object literal, fast to fold. */
export function withBusiness(s: BusinessState, p: Partial<BusinessState>): BusinessState {
  return {
    tools: p.tools === undefined ? s.tools : p.tools,
    redPacket: p.redPacket === undefined ? s.redPacket : p.redPacket,
    goods: p.goods === undefined ? s.goods : p.goods,
    question: p.question === undefined ? s.question : p.question,
    dom: p.dom === undefined ? s.dom : p.dom,
    last: p.last === undefined ? s.last : p.last,
    reloadRequested: p.reloadRequested === undefined ? s.reloadRequested : p.reloadRequested,
  }
}

export const businessProjection = defineProjection<BusinessState, Event, State>(initialBusiness, {
  // [CMD-19] [MSG-8] non-host users get the robRed and sendRed tools
  'msg/redPacketReceived': (b, e, root) => {
    const tools: ToolKey[] =
      root.me?.role === Role.host || b.tools.includes('robRed')
        ? [...b.tools]
        : [...b.tools, 'robRed', 'sendRed']
    return withBusiness(b, { tools, redPacket: e.data })
  },
  // [CMD-23] a goods detail (a message without goodsId never gets here, [MSG-4])
  'msg/goodsShown': (b, e) => withBusiness(b, { goods: e.data.show === false ? null : e.data }),
  // [CMD-41] a quiz question
  'msg/questionAsked': (b, e) => withBusiness(b, { question: e.data }),
  'rest/answerSent': (b, e) =>
    b.question?.questionId === e.questionId ? withBusiness(b, { question: null }) : b,
  // [CMD-17] the document centre's current document
  'msg/domInfoChanged': (b, e) => withBusiness(b, { dom: e.data }),
  // [CMD-18]
  'msg/businessReceived': (b, e) => withBusiness(b, { last: e.data }),
  // [CMD-21]
  'msg/refreshRequested': (b) => withBusiness(b, { reloadRequested: true }),
  'life/exited': () => initialBusiness,
})
