import { of, throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { channelEffect } from '@streams/effects/entry'
import { restoreChatEffect, resumeEffect } from '@streams/effects/reload'
import { initialState } from '@streams/projections'
import { entry, me } from '../fixtures'
import { runEffects } from './harness'

const reloaded = { type: 'ui/reloadedInRoom', roomId: 'r1' } as const

describe('a reload in the room', () => {
  it('once back in, the chat from before the reload is restored from the history (rtm/chatRestored)', () => {
    const h = runEffects(
      initialState,
      [resumeEffect, channelEffect, restoreChatEffect],
      (_h, at) => at(0, reloaded),
      {
        rest: { resumeRoom: () => of(entry(me('200'))) },
        messaging: { restoreChat: () => of({ missed: 5, complete: true }) },
      },
    )
    expect(h.calls().map((c) => c[0])).toEqual([
      'rest.resumeRoom',
      'messaging.login',
      'messaging.join',
      'messaging.restoreChat',
    ])
    expect(h.seen.map((s) => s.event).slice(-2)).toEqual([
      { type: 'life/entered', roomId: 'r1', uid: '200' },
      { type: 'rtm/chatRestored', restored: 5, complete: true },
    ])
  })

  it('a first join restores nothing; a refused resume or a failed restore says so and goes on', () => {
    const joined = runEffects(initialState, [channelEffect, restoreChatEffect], (_h, at) =>
      at(0, { type: 'rest/roomEntered', data: entry(me('200')) }),
    )
    expect(joined.calls().map((c) => c[0])).toEqual(['messaging.login', 'messaging.join'])

    const refused = runEffects(
      initialState,
      [resumeEffect, channelEffect, restoreChatEffect],
      (_h, at) => at(0, reloaded),
      { rest: { resumeRoom: () => throwError(() => new Error('notInRoom')) } },
    )
    expect(refused.calls().map((c) => c[0])).toEqual(['rest.resumeRoom'])

    const failed = runEffects(
      initialState,
      [resumeEffect, channelEffect, restoreChatEffect],
      (_h, at) => at(0, reloaded),
      {
        rest: { resumeRoom: () => of(entry(me('200'))) },
        messaging: { restoreChat: () => throwError(() => new Error('forbidden')) },
      },
    )
    expect(failed.seen.at(-1)?.event).toEqual({
      type: 'rtm/chatRestored',
      restored: 0,
      complete: false,
    })
    expect(failed.store.getState().session.phase).toBe('inRoom')
  })
})
