import type { Observable } from 'rxjs'
import type { Event } from '../events'
import type { Io } from './io'

/**
 * The messaging port (spec §7 "Real-time channel"): Agora RTM in Agora mode, the project's own
 * realtime service in local mode. Adapters turn the SDK's callbacks into events on `events$`
 * (channel texts decoded by the codecs in `streams/codecs`).
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
}
