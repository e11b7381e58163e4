import { map, of, throwError, timer } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { tokenEffect, TOKEN_REFRESH_RETRY_MS } from '@streams/effects/tokens'
import type { Event } from '@streams/events'
import { inRoom } from '../fixtures'
import { fakeDeps, runEffects, testScheduler } from './harness'

const fresh = { rtcToken: 'rtc2', rtmToken: 'rtm2', screenToken: 'scr2' }
const refreshFailed: Event = {
  type: 'rest/callFailed',
  call: 'refreshToken',
  message: 'refresh token failed',
}

describe('token renewal ([API-4])', () => {
  it('[API-4] rtc/tokenWillExpire: a refresh of my member (its uid), then the RTC and screen tokens to media and the RTM token to messaging, each a fact', () => {
    const h = runEffects(inRoom(), [tokenEffect], (_h, at) =>
      at(10, { type: 'rtc/tokenWillExpire' }),
    )
    expect(h.calls()).toEqual([
      ['rest.refreshToken', 'r1', '200'],
      ['media.renewToken', 'rtc2', 'scr2'],
      ['messaging.renewToken', 'rtm2'],
    ])
    expect(h.timed()).toEqual([
      '10 rtc/tokenWillExpire',
      '10 rest/tokenRefreshed',
      '10 rtc/tokenRenewed',
      '10 rtm/tokenRenewed',
    ])
    expect(h.store.getState().me).toMatchObject({
      rtcToken: 'rtc2',
      rtmToken: 'rtm2',
      screenToken: 'scr2',
    })
  })

  it('[API-4] the RTC expiry and both RTM warnings start the same renewal; warnings during one join it', () => {
    for (const type of ['rtc/tokenExpired', 'rtm/tokenWillExpire', 'rtm/tokenExpired'] as const) {
      const h = runEffects(inRoom(), [tokenEffect], (_h, at) => at(0, { type }))
      expect(h.types()).toEqual([
        type,
        'rest/tokenRefreshed',
        'rtc/tokenRenewed',
        'rtm/tokenRenewed',
      ])
    }
    // Both SDKs warn together (their tokens were issued together): one refresh for both.
    const slow = runEffects(
      inRoom(),
      [tokenEffect],
      (_h, at) => {
        at(0, { type: 'rtc/tokenWillExpire' })
        at(5, { type: 'rtm/tokenWillExpire' })
      },
      { rest: { refreshToken: () => timer(50).pipe(map(() => fresh)) } },
    )
    expect(slow.calls('rest')).toEqual([['rest.refreshToken', 'r1', '200']])
  })

  it('[API-4] outside a room nothing is refreshed', () => {
    const h = runEffects({ ...inRoom(), room: null }, [tokenEffect], (_h, at) =>
      at(0, { type: 'rtc/tokenWillExpire' }),
    )
    expect(h.calls()).toEqual([])
  })

  it('[ERR-1] a refresh that fails is tried again after 2 s and 4 s; the third failure is "refresh token failed" and one box', () => {
    expect(TOKEN_REFRESH_RETRY_MS).toEqual([2000, 4000])
    const h = runEffects(
      inRoom(),
      [tokenEffect],
      (_h, at) => {
        at(0, { type: 'rtc/tokenWillExpire' })
        at(20_000, { type: 'rtm/tokenExpired' })
      },
      { rest: { refreshToken: () => throwError(() => new Error('502 Bad Gateway')) } },
    )
    expect(h.calls()).toHaveLength(6)
    expect(h.timed()).toEqual([
      '0 rtc/tokenWillExpire',
      '6000 rest/callFailed',
      '20000 rtm/tokenExpired',
      '26000 rest/callFailed',
    ])
    expect(h.seen[1]?.event).toMatchObject(refreshFailed)
    const boxes = h.store.getState().ui.dialogs
    expect(boxes.map((d) => [d.kind, d.rejectLabel])).toEqual([['tokenRefreshFailed', null]])
  })

  it('[API-4] the retry timing as a marble: failures at 0 and 2 s, the answer at 6 s', () => {
    const scheduler = testScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      let attempt = 0
      const deps = fakeDeps(scheduler, {
        rest: {
          refreshToken: () => (++attempt < 3 ? throwError(() => new Error('timeout')) : of(fresh)),
        },
      })
      const event$ = hot<Event>('a', { a: { type: 'rtc/tokenWillExpire' } })
      expectObservable(tokenEffect(event$, of(inRoom()), deps)).toBe('6000ms (fab)', {
        f: { type: 'rest/tokenRefreshed', ...fresh },
        a: { type: 'rtc/tokenRenewed' },
        b: { type: 'rtm/tokenRenewed' },
      })
    })
  })

  it('[API-4] media refusing the fresh token is rtc/tokenRenewFailed and the box; messaging is still renewed', () => {
    const h = runEffects(inRoom(), [tokenEffect], (_h, at) => at(0, { type: 'rtc/tokenExpired' }), {
      media: { renewToken: () => throwError(() => new Error('INVALID_TOKEN')) },
    })
    expect(h.seen.map((s) => s.event).slice(2)).toEqual([
      { type: 'rtc/tokenRenewFailed', message: 'INVALID_TOKEN' },
      { type: 'rtm/tokenRenewed' },
    ])
    expect(h.store.getState().ui.dialogs.map((d) => d.kind)).toEqual(['tokenRefreshFailed'])
    const rtm = runEffects(
      inRoom(),
      [tokenEffect],
      (_h, at) => at(0, { type: 'rtm/tokenWillExpire' }),
      { messaging: { renewToken: () => throwError(() => new Error('NOT_LOGGEDIN')) } },
    )
    expect(rtm.seen.at(-1)?.event).toEqual({
      type: 'rtm/tokenRenewFailed',
      message: 'NOT_LOGGEDIN',
    })
  })
})
