import { of } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { RECONNECT, resyncEffect, sdkReconnectEffect } from '@streams/effects/reconnect'
import { initialState } from '@streams/projections'
import type { Event } from '@streams/events'
import { selectConnectionNotice } from '@streams/selectors'
import { inRoom } from '../fixtures'
import { runEffects } from './harness'

// An SDK that reconnects by itself (Agora RTM): its states become the same rejoin and resync.

describe('an SDK that reconnects by itself (Agora RTM)', () => {
  const state = (state: 'RECONNECTING' | 'CONNECTED' | 'DISCONNECTED', reason = 'x'): Event => ({
    type: 'rtm/connectionStateChanged',
    state,
    reason,
  })

  it('RECONNECTING shows Reconnecting; CONNECTED after it is a rejoin with the members now, and the same resync follows', () => {
    const notices: unknown[] = []
    const h = runEffects(
      inRoom(),
      [sdkReconnectEffect, resyncEffect],
      (h, at) => {
        at(0, state('RECONNECTING', 'INTERRUPTED'))
        at(1, state('RECONNECTING', 'INTERRUPTED'))
        h.deps.scheduler.schedule(
          () => notices.push(selectConnectionNotice(h.store.getState())),
          1_000,
        )
        at(2_000, state('CONNECTED', 'LOGIN_SUCCESS'))
      },
      { messaging: { members: () => of(['100', '200']) } },
    )
    expect(h.timed()).toEqual([
      '0 rtm/connectionStateChanged',
      '0 rtm/reconnecting',
      '1 rtm/connectionStateChanged',
      '2000 rtm/connectionStateChanged',
      '2000 rtm/reconnected',
      '2000 rtm/caughtUp',
      '2000 rest/roomLoaded',
      '2000 rest/rosterResynced',
      '2000 life/resynced',
    ])
    expect(h.seen[4]?.event).toEqual({
      type: 'rtm/reconnected',
      attempt: 1,
      channel: 'ch1',
      members: ['100', '200'],
    })
    expect(h.calls().map((c) => c[0])).toEqual([
      'messaging.members',
      'messaging.catchUp',
      'rest.loadRoom',
      'rest.loadUsers',
    ])
    const s = h.store.getState()
    expect(notices).toEqual(['reconnecting'])
    expect(s.session).toMatchObject({ reconnect: null, onlineCount: 2, connection: 'CONNECTED' })
  })

  it('the first CONNECTED, and CONNECTED after our own login, are no SDK reconnection', () => {
    const h = runEffects(inRoom(), [sdkReconnectEffect], (_h, at) => {
      at(0, state('CONNECTED'))
      at(10, state('DISCONNECTED'))
      at(20, { type: 'rtm/connectionStateChanged', state: 'CONNECTING', reason: 'LOGIN' })
      at(30, state('CONNECTED'))
    })
    expect(h.calls()).toEqual([])
    expect(h.types().filter((t) => t !== 'rtm/connectionStateChanged')).toEqual([])
  })

  it('an SDK not back within the give-up time leaves the connection lost; outside a room nothing runs', () => {
    const h = runEffects(inRoom(), [sdkReconnectEffect], (_h, at) => at(0, state('RECONNECTING')), {
      until: 120_000,
    })
    expect(h.timed()).toEqual([
      '0 rtm/connectionStateChanged',
      '0 rtm/reconnecting',
      `${RECONNECT.giveUpMs} rtm/connectionLost`,
    ])
    expect(selectConnectionNotice(h.store.getState())).toBe('lost')
    const idle = runEffects(initialState, [sdkReconnectEffect], (_h, at) => {
      at(0, state('RECONNECTING'))
      at(10, state('CONNECTED'))
    })
    expect(idle.types()).toEqual(['rtm/connectionStateChanged', 'rtm/connectionStateChanged'])
  })
})
