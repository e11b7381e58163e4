import type { ChatData, MemberChangedData } from '../wire/channel'

/**
 * Decoded channel messages. `from` is the sender's uid as the messaging layer reports it,
 * `timestamp` the message's own. Frames that fail validation become `msg/dropped`.
 */
interface FromChannel {
  readonly from: string
  readonly timestamp: number
}

export type MsgEvent =
  | ({ readonly type: 'msg/chatReceived'; readonly data: ChatData } & FromChannel)
  | ({ readonly type: 'msg/memberChanged'; readonly data: MemberChangedData } & FromChannel)
  | {
      readonly type: 'msg/dropped'
      readonly reason: string
      readonly from: string
      readonly cmd?: number
    }

/** Facts about messages I sent on the channel. */
export type SentEvent = {
  readonly type: 'msg/chatSent'
  readonly from: string
  readonly timestamp: number
  readonly data: ChatData
}
