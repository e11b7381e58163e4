import { defineProjection } from '../core/projection'
import { PVec } from '../core/pvec'
import type { Event } from '../events'
import type { Slices } from './state'
import type { ChatMessage, ChatLine, ChatState } from './state/chat'
export type { ChatMessage, ChatLine, ChatState } from './state/chat'

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

export const chatProjection = defineProjection<ChatState, Event, Slices<'me'>>(initialChat, {
  // [CMD-1] a chat line; [MSG-3] one from myself is ignored (mine was added when I sent it)
  'msg/chatReceived': (s, e, { me }) => {
    if (me !== null && (e.from === me.uid || e.data.userId === me.userId)) return s
    return { messages: s.messages.push(e) }
  },
  'msg/chatSent': (s, e) => ({ messages: s.messages.push(e) }),
  'life/exited': () => initialChat,
})
