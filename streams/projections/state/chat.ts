import type { PVec } from '../../core/pvec'
import type { Event } from '../../events'

/** A chat line as the chat panel shows it (spec §3 "Chat message"). */
export interface ChatMessage {
  readonly id: string
  readonly uid: string
  readonly userName: string
  readonly text: string
  readonly ts: number
  /** True when I sent it. */
  readonly sender: boolean
  readonly avatar?: string
  readonly isSignIn?: boolean
}

/** A chat line as kept: the decoded event itself (received, or sent by me). */
export type ChatLine = Extract<Event, { type: 'msg/chatReceived' | 'msg/chatSent' }>

/**
 * The whole chat of the session, append-only: a persistent vector of the chat events (a line
 * copies no other, and keeping the event avoids building a second object per line on the fold's
 * most frequent event). `chatMessage` gives the panel's view of a line.
 */
export interface ChatState {
  readonly messages: PVec<ChatLine>
}
