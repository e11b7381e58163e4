import type { ChannelData } from '../wire/channel'
import type { ChatData } from '../wire/channel'

/**
 * Decoded channel messages, one event type per command ([MSG-7]). `from` is the sender's uid as
 * the messaging layer reports it ('server' for the server's own announcements), `timestamp` the
 * message's own. A frame that fails validation becomes `msg/dropped` with the reason ([MSG-6]).
 */
export interface MsgDataMap {
  'msg/chatReceived': ChannelData<1>
  'msg/memberChanged': ChannelData<2>
  'msg/roomInfoChanged': ChannelData<3>
  'msg/userStateChanged': ChannelData<4>
  'msg/boardShareChanged': ChannelData<5>
  'msg/screenShareChanged': ChannelData<6>
  'msg/hostChanged': ChannelData<7>
  'msg/kickedOut': ChannelData<8>
  'msg/likeGiven': ChannelData<9>
  'msg/layoutChanged': ChannelData<10>
  'msg/mainScreenChanged': ChannelData<11>
  'msg/liveTypeChanged': ChannelData<12>
  'msg/meetingEnded': ChannelData<13>
  'msg/projectionJoined': ChannelData<14>
  'msg/projectionDeleted': ChannelData<15>
  'msg/projectionEdited': ChannelData<16>
  'msg/domInfoChanged': ChannelData<17>
  'msg/businessReceived': ChannelData<18>
  'msg/redPacketReceived': ChannelData<19>
  'msg/hostShareEnded': ChannelData<20>
  'msg/refreshRequested': ChannelData<21>
  'msg/watchTypeChanged': ChannelData<22>
  'msg/goodsShown': ChannelData<23>
  'msg/usersAmountChanged': ChannelData<24>
  'msg/inactiveWarned': ChannelData<25>
  'msg/inactiveExited': ChannelData<26>
  'msg/liveStateChanged': ChannelData<27>
  'msg/inactiveCancelled': ChannelData<28>
  'msg/converterStateChanged': ChannelData<29>
  'msg/recordingStateChanged': ChannelData<30>
  'msg/joinNameChanged': ChannelData<31>
  'msg/questionAsked': ChannelData<41>
}
export type ChannelEventType = keyof MsgDataMap

export type ChannelEvent = {
  readonly [K in ChannelEventType]: {
    readonly type: K
    readonly from: string
    readonly timestamp: number
    readonly data: MsgDataMap[K]
  }
}[ChannelEventType]

export type MsgEvent =
  | ChannelEvent
  | {
      readonly type: 'msg/dropped'
      readonly reason: string
      readonly from: string
      readonly cmd?: number
      /** Where the frame came from: the channel (default) or a peer message. */
      readonly source?: 'channel' | 'peer'
    }

/** Facts about messages I sent on the channel. */
export type SentEvent =
  | {
      readonly type: 'msg/chatSent'
      readonly from: string
      readonly timestamp: number
      readonly data: ChatData
    }
  /** A command this client announced itself (Agora mode, or a client-sendable one). */
  | { readonly type: 'msg/announced'; readonly cmd: number }
