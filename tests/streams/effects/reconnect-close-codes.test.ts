import { of, throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { reconnectEffect } from '@streams/effects/reconnect'
import type { Event } from '@streams/events'
import { selectConnectionNotice } from '@streams/selectors'
import { LOGIN_TIMEOUT, TOO_MANY_CONNECTIONS } from '@streams/wire/constants'
import { inRoom } from '../fixtures'
import { runEffects } from './harness'
import { drop, failure, unreachable } from './reconnect-setup'

// What the service means by closing: one connection too many (4429), login timeout (4408).

describe('closes the service means: too many connections, login timeout', () => {
  const tooMany: Event = {
    type: 'rtm/connectionStateChanged',
    state: 'ABORTED',
    reason: TOO_MANY_CONNECTIONS,
  }

  it('a connection closed as one too many (4429) is lost at once with that reason: no attempt, no hammering', () => {
    const h = runEffects(inRoom(), [reconnectEffect], (_h, at) => at(0, tooMany), {
      until: 120_000,
    })
    expect(h.calls()).toEqual([])
    expect(h.seen.map((s) => s.event)).toEqual([
      tooMany,
      { type: 'rtm/connectionLost', attempts: 0, reason: 'tooManyConnections' },
    ])
    expect(selectConnectionNotice(h.store.getState())).toBe('tooManyConnections')
  })

  it('a login refused as one connection too many stops the attempts after that one; Retry tries again', () => {
    let logins = 0
    const h = runEffects(
      inRoom(),
      [reconnectEffect],
      (_h, at) => {
        at(0, drop)
        at(100_000, { type: 'ui/reconnectClicked' })
      },
      {
        messaging: {
          login: () =>
            ++logins === 1
              ? throwError(() => failure('tooManyConnections', 'too many connections'))
              : of(undefined),
        },
        until: 200_000,
      },
    )
    expect(h.calls().filter(([call]) => call === 'messaging.login')).toHaveLength(2)
    expect(h.types()).toEqual([
      'rtm/connectionStateChanged',
      'rtm/reconnecting',
      'rtm/reconnectFailed',
      'rtm/connectionLost',
      'ui/reconnectClicked',
      'rtm/reconnecting',
      'rtm/reconnected',
    ])
    const lost = h.seen.find((s) => s.event.type === 'rtm/connectionLost')
    expect(lost?.event).toEqual({
      type: 'rtm/connectionLost',
      attempts: 1,
      reason: 'tooManyConnections',
    })
    expect(lost?.at).toBeLessThan(1000)
    expect(selectConnectionNotice(h.store.getState())).toBe(null)
  })

  it('a close as one too many during the attempts ends them; reported once', () => {
    const h = runEffects(
      inRoom(),
      [reconnectEffect],
      (_h, at) => {
        at(0, drop)
        at(5_000, tooMany)
      },
      { messaging: { login: () => throwError(() => unreachable) }, until: 120_000 },
    )
    const lost = h.seen.filter((s) => s.event.type === 'rtm/connectionLost')
    expect(lost).toHaveLength(1)
    expect(lost[0]?.at).toBe(5_000)
    expect(lost[0]?.event).toMatchObject({ reason: 'tooManyConnections' })
    expect(h.seen.filter((s) => s.at > 5_000)).toEqual([])
  })

  it('a socket closed for not logging in in time (4408) is a drop: it logs in and rejoins', () => {
    const h = runEffects(inRoom(), [reconnectEffect], (_h, at) =>
      at(0, { type: 'rtm/connectionStateChanged', state: 'DISCONNECTED', reason: LOGIN_TIMEOUT }),
    )
    expect(h.types()).toEqual(['rtm/connectionStateChanged', 'rtm/reconnecting', 'rtm/reconnected'])
  })
})
