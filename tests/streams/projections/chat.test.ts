import { describe, expect, it } from 'vitest'
import type { Event } from '../../../streams/events'
import { initialState, reduce, type State } from '../../../streams/projections'
import type { EntryAnswerData } from '../../../streams/wire/rest/room'

const entered = {
  type: 'rest/roomEntered',
  data: {
    me: { uid: '100', userId: 'u100', userName: 'Me', role: 2 },
    roomInfo: { roomId: 'r1', roomName: 'R' },
  } as unknown as EntryAnswerData,
} as Event
const chatFrom = (from: string, message: string): Event => ({
  type: 'msg/chatReceived',
  from,
  timestamp: 7,
  data: { userId: `u${from}`, userName: `N${from}`, message },
})

describe('chat projection', () => {
  it('[MSG-3] a chat message from oneself is ignored; others are appended in order', () => {
    const events: Event[] = [
      entered,
      chatFrom('200', 'hello'),
      chatFrom('100', 'echo of mine'),
      chatFrom('300', 'bye'),
    ]
    const state = events.reduce<State>(reduce, initialState)
    expect(state.chat.messages.map((m) => [m.userName, m.text, m.sender])).toEqual([
      ['N200', 'hello', false],
      ['N300', 'bye', false],
    ])
  })

  it('adds my own line once it is sent', () => {
    const state = [
      entered,
      {
        type: 'msg/chatSent',
        from: '100',
        timestamp: 9,
        data: { userId: 'u100', userName: 'Me', message: 'mine', id: 'm1' },
      } as Event,
    ].reduce<State>(reduce, initialState)
    expect(state.chat.messages).toEqual([
      { id: 'm1', uid: '100', userName: 'Me', text: 'mine', ts: 9, sender: true },
    ])
  })
})
