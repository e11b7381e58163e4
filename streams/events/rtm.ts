import type { ConnectionState } from '../wire/realtime'

/** Messaging (RTM) facts: the channel's membership and the connection. */
export type RtmEvent =
  | { readonly type: 'rtm/loggedIn'; readonly uid: string }
  | {
      readonly type: 'rtm/channelJoined'
      readonly channel: string
      readonly members: readonly string[]
    }
  | { readonly type: 'rtm/joinFailed'; readonly message: string }
  | { readonly type: 'rtm/channelLeft' }
  | { readonly type: 'rtm/memberJoined'; readonly uid: string }
  | { readonly type: 'rtm/memberLeft'; readonly uid: string }
  | { readonly type: 'rtm/memberCountUpdated'; readonly count: number }
  | {
      readonly type: 'rtm/connectionStateChanged'
      readonly state: ConnectionState
      readonly reason: string
    }
  | { readonly type: 'rtm/sendFailed'; readonly message: string }
  /** The channel's attributes, whole, after a change ([MSG-9] they replace the old ones). */
  | {
      readonly type: 'rtm/attributesUpdated'
      readonly attributes: Readonly<Record<string, string>>
    }
  /** The messaging token expires soon: renew it. */
  | { readonly type: 'rtm/tokenWillExpire' }
