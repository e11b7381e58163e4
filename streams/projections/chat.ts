import { defineProjection } from '../core/projection'
import { PVec } from '../core/pvec'
import type { Event } from '../events'
import type { State } from './state'

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

export const initialChat: ChatState = { messages: PVec.empty() }

/** The panel's view of a kept line. */
export function chatMessage(line: ChatLine): ChatMessage {
  const { data } = line
  const out: ChatMessage = {
    id: data.id ?? `${line.from}-${line.timestamp}`,
    uid: line.from,
    userName: data.userName,
    text: data.message,
    ts: line.timestamp,
    sender: line.type === 'msg/chatSent',
  }
  if (data.avatar === undefined && data.isSignIn === undefined) return out
  return { ...out, avatar: data.avatar, isSignIn: data.isSignIn }
}

export const chatProjection = defineProjection<ChatState, Event, State>(initialChat, {
  // [CMD-1] a chat line; [MSG-3] one from myself is ignored (mine was added when I sent it)
  'msg/chatReceived': (s, e, root) => {
    const me = root.me
    if (me !== null && (e.from === me.uid || e.data.userId === me.userId)) return s
    return { messages: s.messages.push(e) }
  },
  'msg/chatSent': (s, e) => ({ messages: s.messages.push(e) }),
  'life/exited': () => initialChat,
})
