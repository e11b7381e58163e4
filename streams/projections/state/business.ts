import type { Goods, LuckyDraw, LuckyMoneyList, SignIn } from '../../ports/rest-types'
import type { BusinessData, DomInfoData, GoodsData, RedPacketData } from '../../wire/channel'
import type { ToolKey } from '../../wire/constants'

/**
 * Business features: tools, red packets, sign-in, goods, documents, refresh (quizzes are
 * `quiz`).
 */
export interface BusinessState {
  /** Extra tool bar keys this participant got ([MSG-8]). */
  readonly tools: readonly ToolKey[]
  /** The red packet on my screen (cmd 19, or the open one found on entry), until I close it. */
  readonly redPacket: RedPacketData | null
  /** What I drew from it. */
  readonly drawn: LuckyDraw | null
  /** Its results (every packet of the room and this one's draws), once asked. */
  readonly packetResults: LuckyMoneyList | null
  /** The goods card shown to the room (cmd 23), until hidden or I close it. */
  readonly goods: GoodsData | null
  /** The host's goods list, once loaded. */
  readonly goodsList: readonly Goods[] | null
  /** I signed in; the sign-in wall (loaded when opened, then kept current by cmd 18). */
  readonly signedIn: boolean
  readonly signIns: readonly SignIn[] | null
  readonly dom: DomInfoData | null
  /** The last business message ([MSG-10]); its toast is in `ui`. */
  readonly last: BusinessData | null
  /** The server asked every client to reload ([CMD-21]). */
  readonly reloadRequested: boolean
}
