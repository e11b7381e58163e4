import { defineProjection } from '../core/projection'
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
}

export interface ChatState {
  readonly messages: readonly ChatMessage[]
}

export const initialChat: ChatState = { messages: [] }

export const chatProjection = defineProjection<ChatState, Event, State>(initialChat, {
  'msg/chatReceived': (state, e, root) => {
    // [MSG-3] a chat message from oneself is ignored: my own line was added when I sent it.
    if (root.me && e.from === root.me.uid) return state
    const line: ChatMessage = {
      id: e.data.id ?? `${e.from}-${e.timestamp}`,
      uid: e.from,
      userName: e.data.userName,
      text: e.data.message,
      ts: e.timestamp,
      sender: false,
    }
    return { messages: [...state.messages, line] }
  },
  'msg/chatSent': (state, e) => ({
    messages: [
      ...state.messages,
      {
        id: e.data.id ?? `${e.from}-${e.timestamp}`,
        uid: e.from,
        userName: e.data.userName,
        text: e.data.message,
        ts: e.timestamp,
        sender: true,
      },
    ],
  }),
  'rest/roomExited': () => initialChat,
})
