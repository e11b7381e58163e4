import { of, throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { RECONNECT, reconnectDelay, reconnectEffect } from '@streams/effects/reconnect'
import type { Event } from '@streams/events'
import { selectConnectionNotice } from '@streams/selectors'
import { inRoom } from '../fixtures'
import { fakeDeps, runEffects, testScheduler } from './harness'
import { drop, failure, unreachable } from './reconnect-setup'

// Reconnection after a drop: backoff, token refresh, the notice, stopping.

describe('reconnection', () => {
  it('waits by exponential backoff with jitter, capped', () => {
    expect(reconnectDelay(1, 0)).toBe(125)
    expect(reconnectDelay(4, 0.5)).toBe(1125)
    expect(reconnectDelay(1, 0.999)).toBe(250)
    expect(reconnectDelay(2, 0.5)).toBe(375)
    expect(reconnectDelay(3, 0)).toBe(500)
    for (const r of [0, 0.3, 0.999]) {
      const delay = reconnectDelay(20, r)
      expect(delay).toBeGreaterThanOrEqual(RECONNECT.capMs / 2)
      expect(delay).toBeLessThanOrEqual(RECONNECT.capMs)
    }
  })

  it('a drop in the room: after the backoff it logs in again and rejoins the channel (marbles)', () => {
    const scheduler = testScheduler()
    scheduler.run(({ cold, hot, expectObservable }) => {
      const event$ = hot<Event>('a', { a: drop })
      let logins = 0
      const deps = fakeDeps(scheduler, {
        messaging: {
          // the first login finds the service down 10 ms in; the second one succeeds
          login: () =>
            ++logins === 1 ? cold('----------#', undefined, unreachable) : of(undefined),
          join: () => cold('--(j|)', { j: ['200', '100'] }),
        },
      })
      // attempt 1 after 188 ms fails at 198; attempt 2 after 375 ms more joins 2 ms in
      expectObservable(reconnectEffect(event$, of(inRoom()), deps)).toBe('r 197ms (fs) 373ms j', {
        r: { type: 'rtm/reconnecting', attempt: 1, delayMs: 188 },
        f: { type: 'rtm/reconnectFailed', attempt: 1, message: 'realtime service unreachable' },
        s: { type: 'rtm/reconnecting', attempt: 2, delayMs: 375 },
        j: { type: 'rtm/reconnected', attempt: 2, channel: 'ch1', members: ['200', '100'] },
      })
    })
  })

  it('a login that refuses the token refreshes it through REST and logs in with the new one', () => {
    const h = runEffects(inRoom(), [reconnectEffect], (_h, at) => at(0, drop), {
      messaging: {
        login: (_uid, token) =>
          token === 'rtm-secret'
            ? throwError(() => failure('unauthorized', 'token expired'))
            : of(undefined),
      },
    })
    expect(h.calls()).toEqual([
      ['messaging.login', '200', 'rtm-secret'],
      ['rest.refreshToken', 'r1', '200'],
      ['messaging.login', '200', 'rtm2'],
      ['messaging.join', 'ch1'],
    ])
    expect(h.types()).toEqual([
      'rtm/connectionStateChanged',
      'rtm/reconnecting',
      'rest/tokenRefreshed',
      'rtm/reconnected',
    ])
    expect(h.store.getState().me?.rtmToken).toBe('rtm2')
  })

  it('shows Reconnecting during the gap, Connection lost once attempts failed for a minute, and Retry starts again', () => {
    const h = runEffects(
      inRoom(),
      [reconnectEffect],
      (_h, at) => {
        at(0, drop)
        at(10_000, { type: 'rtm/connectionStateChanged', state: 'DISCONNECTED', reason: 'x' })
        at(100_000, { type: 'ui/reconnectClicked' })
      },
      { messaging: { login: () => throwError(() => unreachable) }, until: 200_000 },
    )
    const lost = h.seen.filter((s) => s.event.type === 'rtm/connectionLost')
    expect(lost.map((s) => s.at - (s.at >= 100_000 ? 100_000 : 0))).toEqual([60_938, 60_938])
    // one run of attempts despite the second drop report; the retry starts a second run
    const attempts = h.seen.filter((s) => s.event.type === 'rtm/reconnecting').length
    expect(lost.map((s) => s.event)).toEqual([
      { type: 'rtm/connectionLost', attempts: attempts / 2 },
      { type: 'rtm/connectionLost', attempts: attempts / 2 },
    ])
    expect(attempts / 2).toBe(56)
    expect(h.store.getState().session.reconnect).toEqual({ attempt: 56, lost: true })
    expect(selectConnectionNotice(h.store.getState())).toBe('lost')
  })

  it('stops when I leave, and does nothing outside a room or after the room ended', () => {
    const left = runEffects(
      inRoom(),
      [reconnectEffect],
      (_h, at) => {
        at(0, drop)
        at(100, { type: 'ui/leaveClicked' })
      },
      { messaging: { login: () => throwError(() => unreachable) } },
    )
    expect(left.types()).toEqual([
      'rtm/connectionStateChanged',
      'rtm/reconnecting',
      'ui/leaveClicked',
    ])
    const ended = runEffects(inRoom(), [reconnectEffect], (h, at) => {
      at(0, { type: 'life/ended', reason: 'meetingEnd', live: false })
      at(10, drop)
    })
    expect(ended.calls()).toEqual([])
  })
})
