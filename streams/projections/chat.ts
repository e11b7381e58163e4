import { defineProjection } from '../core/projection'
import { PVec } from '../core/pvec'
import type { Event } from '../events'
import type { ChatData } from '../wire/channel'
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

/** The whole chat of the session, append-only (a persistent vector: a line copies no other). */
export interface ChatState {
  readonly messages: PVec<ChatMessage>
}

export const initialChat: ChatState = { messages: PVec.empty() }

function line(from: string, timestamp: number, data: ChatData, sender: boolean): ChatMessage {
  const out: ChatMessage = {
    id: data.id ?? `${from}-${timestamp}`,
    uid: from,
    userName: data.userName,
    text: data.message,
    ts: timestamp,
    sender,
  }
  if (data.avatar === undefined && data.isSignIn === undefined) return out
  return { ...out, avatar: data.avatar, isSignIn: data.isSignIn }
}

export const chatProjection = defineProjection<ChatState, Event, State>(initialChat, {
  // [CMD-1] a chat line; [MSG-3] one from myself is ignored (mine was added when I sent it)
  'msg/chatReceived': (s, e, root) => {
    const me = root.me
    if (me && (e.from === me.uid || e.data.userId === me.userId)) return s
    return { messages: s.messages.push(line(e.from, e.timestamp, e.data, false)) }
  },
  'msg/chatSent': (s, e) => ({
    messages: s.messages.push(line(e.from, e.timestamp, e.data, true)),
  }),
  'life/exited': () => initialChat,
})
