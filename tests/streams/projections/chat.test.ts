import { describe, expect, it } from 'vitest'
import type { Event } from '@streams/events'
import { selectChatMessages } from '@streams/selectors'
import { chatMessage } from '@streams/projections/chat'
import { fold, inRoom, msg } from '../fixtures'

const chatFrom = (uid: string, message: string): Event =>
  msg(1, { userId: `user-${uid}`, userName: `Name ${uid}`, message }, uid)

describe('chat projection', () => {
  it('[MSG-3] a chat message from oneself is ignored; others are appended in order', () => {
    const state = fold(
      inRoom(),
      chatFrom('100', 'hello'),
      chatFrom('200', 'echo of mine'),
      chatFrom('300', 'bye'),
    )
    expect(selectChatMessages(state).map((m) => [m.userName, m.text, m.sender])).toEqual([
      ['Name 100', 'hello', false],
      ['Name 300', 'bye', false],
    ])
  })

  it('adds my own line once it is sent', () => {
    const state = fold(inRoom(), {
      type: 'msg/chatSent',
      from: '200',
      timestamp: 9,
      data: { userId: 'user-200', userName: 'Me', message: 'mine', id: 'm1' },
    })
    expect(state.chat.messages.toArray().map(chatMessage)).toEqual([
      { id: 'm1', uid: '200', userName: 'Me', text: 'mine', ts: 9, sender: true },
    ])
  })

  it('keeps the whole chat and shows the newest 200 lines', () => {
    let state = inRoom()
    for (let i = 0; i < 450; i++) state = fold(state, chatFrom('300', `line ${i}`))
    expect(state.chat.messages.size).toBe(450)
    const shown = selectChatMessages(state)
    expect(shown).toHaveLength(200)
    expect(shown[0]?.text).toBe('line 250')
    expect(shown.at(-1)?.text).toBe('line 449')
  })
})
