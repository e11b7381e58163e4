import { describe, expect, it, vi } from 'vitest'
import { createStore } from '@streams/core/store'
import { renegotiateEffect, resyncEffect, sdkReconnectEffect } from '@streams/effects/reconnect'
import type { Event } from '@streams/events'
import type { Deps } from '@streams/ports'
import { reduce, type State } from '@streams/projections'
import { selectConnectionNotice } from '@streams/selectors'
import { fakeDeps, testScheduler } from '../../streams/effects/harness'
import { inRoom, member, roomDetail } from '../../streams/fixtures'
import { fakeAgoraRtm } from './fake-rtm'

/** The Agora RTM SDK, faked: a client whose connection callbacks the test fires. */
const rtm = vi.hoisted(() => ({ current: undefined as unknown }))
vi.mock('agora-rtm-sdk', () => ({
  get default() {
    return rtm.current
  },
}))
const { AgoraMessaging } = await import('../../../src/adapters/agora-rtm/agora-messaging')

const settle = () => new Promise((r) => setTimeout(r, 20))

describe('Agora RTM reconnecting by itself', () => {
  it('RECONNECTING then CONNECTED runs the same resync as our own rejoin: roster, grants and mute flags read again', async () => {
    const sdk = fakeAgoraRtm({ members: ['100', '200'] })
    rtm.current = sdk
    const messaging = new AgoraMessaging('app-id')
    await messaging.login('200', 'rtm-token')
    await messaging.join('ch1')
    const fakes = fakeDeps(testScheduler(), {
      rest: {
        loadRoom: () =>
          Promise.resolve({
            room: roomDetail({ muteAllChat: 1 }),
            user: member('200', { grantBoard: 1, enableChat: 0 }),
          }),
        loadUsers: () =>
          Promise.resolve({
            list: [member('100', { role: 1 }), member('200', { grantBoard: 1, enableChat: 0 })],
            total: 2,
            page: 1,
            size: 500,
          }),
      },
    })
    const deps = { ...fakes, messaging } as Deps
    const store = createStore<State, Event, Deps>({
      initialState: inRoom(),
      reduce,
      now: () => 1,
      effects: [sdkReconnectEffect, resyncEffect, renegotiateEffect],
      deps,
    })
    const seen: Event[] = []
    store.envelope$.subscribe((e) => seen.push(e.event))
    messaging.events$.subscribe((e) => store.dispatch(e))
    const client = sdk.clients[0]
    if (!client) throw new Error('no RTM client was created')
    expect(client.count('ConnectionStateChanged')).toBe(1)

    client.emit('ConnectionStateChanged', 'RECONNECTING', 'INTERRUPTED')
    await settle()
    expect(selectConnectionNotice(store.getState())).toBe('reconnecting')
    client.emit('ConnectionStateChanged', 'CONNECTED', 'LOGIN_SUCCESS')
    await settle()

    expect(seen.map((e) => e.type)).toEqual([
      'rtm/connectionStateChanged',
      'rtm/reconnecting',
      'rtm/connectionStateChanged',
      'rtm/reconnected',
      'rtm/caughtUp',
      'rest/roomLoaded',
      'rest/rosterResynced',
      'life/resynced',
    ])
    expect(seen[3]).toEqual({
      type: 'rtm/reconnected',
      attempt: 1,
      channel: 'ch1',
      members: ['100', '200'],
    })
    // Agora keeps no history: the catch-up says so.
    expect(seen[4]).toEqual({ type: 'rtm/caughtUp', missed: 0, complete: false })
    const s = store.getState()
    expect(selectConnectionNotice(s)).toBe(null)
    expect(s.session.onlineCount).toBe(2)
    expect(s.users.audiences.has('300')).toBe(false)
    expect(s.me).toMatchObject({ grantBoard: 1, enableChat: 0 })
    expect(s.conference.muteAllChat).toBe(1)
    store.stop()
    await messaging.logout()
  })
})
