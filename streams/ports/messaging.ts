import type { Observable } from 'rxjs'
import type { Event } from '../events'
import type { Io } from './io'

/**
 * The messaging port (spec §7 "Real-time channel"): Agora RTM in Agora mode, the project's own
 * realtime service in local mode. Adapters turn the SDK's callbacks into events on `events$`:
 * channel and peer texts decoded by `streams/codecs` ('msg/…', 'peer/…'), membership, member
 * count, attributes and connection state ('rtm/…').
 */
export interface MessagingPort {
  readonly events$: Observable<Event>
  login(uid: string, token: string): Io<void>
  /** Joins the channel and answers its current members. */
  join(channel: string): Io<readonly string[]>
  sendChannelMessage(text: string): Io<void>
  sendPeerMessage(to: string, text: string): Io<void>
  leave(): Io<void>
  logout(): Io<void>
  /** A fresh rtmToken (from the token refresh call). */
  renewToken(token: string): Io<void>
  /** The channel's member count. */
  getMemberCount(): Io<number>
  /** Which of these uids are online. */
  queryPeersOnline(uids: readonly string[]): Io<Readonly<Record<string, boolean>>>
  getAttributes(): Io<Readonly<Record<string, string>>>
  addOrUpdateAttributes(attributes: Readonly<Record<string, string>>): Io<void>
  deleteAttributes(keys: readonly string[]): Io<void>
  /**
   * After a reconnection (login and join again): delivers on `events$`, in order, the channel
   * messages missed since the last one seen, none twice; answers how many, and whether every
   * missed one was still kept.
   */
  catchUp(): Io<CatchUp>
  /**
   * The channel's members now. For an SDK that reconnects and rejoins its channel by itself
   * (Agora RTM: RECONNECTING, then CONNECTED); others omit it (their rejoin answers them).
   */
  members?(): Io<readonly string[]>
  /**
   * After a page reload in the room (joined again as the same member): delivers on `events$`,
   * in order and before what arrives live, the channel's kept messages from before this join,
   * mine too, none twice; answers how many, and whether all were still kept. Services without
   * history omit it.
   */
  restoreChat?(): Io<CatchUp>
}

export interface CatchUp {
  readonly missed: number
  readonly complete: boolean
}
