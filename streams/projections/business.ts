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

export const businessProjection = defineProjection<BusinessState, Event, State>(initialBusiness, {
  // [CMD-19] [MSG-8] non-host users get the robRed and sendRed tools
  'msg/redPacketReceived': (b, e, root) => {
    const tools: ToolKey[] =
      root.me?.role === Role.host || b.tools.includes('robRed')
        ? [...b.tools]
        : [...b.tools, 'robRed', 'sendRed']
    return { ...b, tools, redPacket: e.data }
  },
  // [CMD-23] a goods detail (a message without goodsId never gets here, [MSG-4])
  'msg/goodsShown': (b, e) => ({ ...b, goods: e.data.show === false ? null : e.data }),
  // [CMD-41] a quiz question
  'msg/questionAsked': (b, e) => ({ ...b, question: e.data }),
  'rest/answerSent': (b, e) =>
    b.question?.questionId === e.questionId ? { ...b, question: null } : b,
  // [CMD-17] the document centre's current document
  'msg/domInfoChanged': (b, e) => ({ ...b, dom: e.data }),
  // [CMD-18]
  'msg/businessReceived': (b, e) => ({ ...b, last: e.data }),
  // [CMD-21]
  'msg/refreshRequested': (b) => ({ ...b, reloadRequested: true }),
  'life/exited': () => initialBusiness,
})
