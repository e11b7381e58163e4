import type { ConnectionState } from '../wire/realtime'

/** Messaging (RTM) facts: the channel's membership, attributes and the connection. */
export type RtmEvent =
  | { readonly type: 'rtm/loggedIn'; readonly uid: string }
  /** Login skipped: the entry answered an empty appId ([ENTRY-8]). */
  | { readonly type: 'rtm/loginSkipped'; readonly reason: string }
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
      readonly type: 'rtm/attributesUpdated'
      readonly attributes: Readonly<Record<string, string>>
    }
  | {
      readonly type: 'rtm/peersOnlineQueried'
      readonly online: Readonly<Record<string, boolean>>
    }
  /**
   * The connection changed; ABORTED with reason REMOTE_LOGIN means the same user logged in
   * elsewhere.
   */
  | {
      readonly type: 'rtm/connectionStateChanged'
      readonly state: ConnectionState
      readonly reason: string
    }
  /** The RTM token expired while reconnecting: renew it. */
  | { readonly type: 'rtm/tokenExpired' }
  | { readonly type: 'rtm/tokenRenewed' }
  /** Messaging refused the fresh token (its message). */
  | { readonly type: 'rtm/tokenRenewFailed'; readonly message: string }
  | { readonly type: 'rtm/sendFailed'; readonly message: string }
  /** The messaging token expires soon: renew it. */
  | { readonly type: 'rtm/tokenWillExpire' }
  /**
   * The connection dropped while in the room: attempt `attempt` (1, 2, …) to log in and rejoin
   * starts after `delayMs` (exponential backoff with jitter).
   */
  | { readonly type: 'rtm/reconnecting'; readonly attempt: number; readonly delayMs: number }
  /** One attempt failed (the service is still unreachable, or refused the login or the join). */
  | { readonly type: 'rtm/reconnectFailed'; readonly attempt: number; readonly message: string }
  /** Logged in again and back in the channel, with its members now. */
  | {
      readonly type: 'rtm/reconnected'
      readonly attempt: number
      readonly channel: string
      readonly members: readonly string[]
    }
  /**
   * The channel messages missed during the gap were fetched and delivered (before this fact);
   * `complete` is false when some were no longer kept.
   */
  | { readonly type: 'rtm/caughtUp'; readonly missed: number; readonly complete: boolean }
  /**
   * After a reload in the room: the chat from before it was shown again (`restored` lines);
   * `complete` is false when some were no longer kept.
   */
  | { readonly type: 'rtm/chatRestored'; readonly restored: number; readonly complete: boolean }
  /**
   * Every attempt failed: the connection is lost until the user retries. `tooManyConnections`:
   * the service refused this account or address more connections, so no attempt is made.
   */
  | {
      readonly type: 'rtm/connectionLost'
      readonly attempts: number
      readonly reason?: 'tooManyConnections'
    }
