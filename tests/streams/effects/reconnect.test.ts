import { from, lastValueFrom, of, throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import {
  RECONNECT,
  reconnectDelay,
  reconnectEffect,
  renegotiateEffect,
  resyncEffect,
  sdkReconnectEffect,
} from '@streams/effects/reconnect'
import { resumeEffect, ROOM_KEY, roomMemoryEffect } from '@streams/effects/reload'
import { channelEffect } from '@streams/effects/entry'
import { initialState } from '@streams/projections'
import { RestFailure } from '@streams/ports/rest'
import type { Event } from '@streams/events'
import type { Io } from '@streams/ports'
import { selectConnectionNotice } from '@streams/selectors'
import { LOGIN_TIMEOUT, TOO_MANY_CONNECTIONS } from '@streams/wire/constants'
import { entry, inRoom, me, member, roomDetail } from '../fixtures'
import { fakeDeps, runEffects, testScheduler } from './harness'

const drop: Event = {
  type: 'rtm/connectionStateChanged',
  state: 'DISCONNECTED',
  reason: 'closed 1006',
}
const failure = (code: string, message: string) => Object.assign(new Error(message), { code })
const unreachable = failure('network', 'realtime service unreachable')

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
      ['rest.refreshToken', 'r1'],
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

describe('resync', () => {
  it('after the rejoin: the missed chat, the room, the roster (a member gone during the gap), then life/resynced', () => {
    const before = inRoom()
    expect(before.users.audiences.has('300')).toBe(true)
    const h = runEffects(before, [reconnectEffect, resyncEffect], (_h, at) => at(0, drop), {
      messaging: {
        catchUp: () => of({ missed: 2, complete: true }),
        join: () => of(['200', '100']),
      },
      rest: {
        loadRoom: () =>
          of({
            room: roomDetail({ muteAllChat: 1 }),
            user: member('200', { grantBoard: 1, enableChat: 0 }),
          }),
        loadUsers: () =>
          of({
            list: [member('100', { role: 1 }), member('200', { grantBoard: 1, enableChat: 0 })],
            total: 2,
            page: 1,
            size: 500,
          }),
      },
    })
    expect(h.types()).toEqual([
      'rtm/connectionStateChanged',
      'rtm/reconnecting',
      'rtm/reconnected',
      'rtm/caughtUp',
      'rest/roomLoaded',
      'rest/rosterResynced',
      'life/resynced',
    ])
    const s = h.store.getState()
    expect(s.users.audiences.has('300')).toBe(false)
    expect(s.users.shareBoardUsers.has('200')).toBe(true)
    expect(s.me).toMatchObject({ grantBoard: 1, enableChat: 0 })
    expect(s.conference.muteAllChat).toBe(1)
    expect(s.session).toMatchObject({ reconnect: null, connection: 'CONNECTED', phase: 'inRoom' })
    expect(selectConnectionNotice(s)).toBe(null)
  })

  it('a failed catch-up is reported as incomplete and the resync goes on', () => {
    const scheduler = testScheduler()
    scheduler.run(({ cold, hot, expectObservable }) => {
      const event$ = hot<Event>('a', {
        a: { type: 'rtm/reconnected', attempt: 1, channel: 'ch1', members: [] },
      })
      const deps = fakeDeps(scheduler, {
        messaging: { catchUp: () => cold('-#', undefined, new Error('forbidden')) },
      })
      expectObservable(resyncEffect(event$, of(inRoom()), deps)).toBe('-(crus)', {
        c: { type: 'rtm/caughtUp', missed: 0, complete: false },
        r: { type: 'rest/roomLoaded', room: roomDetail() },
        u: {
          type: 'rest/rosterResynced',
          users: [member('100', { role: 1 }), member('300')],
          total: 2,
        },
        s: { type: 'life/resynced', roomId: 'r1' },
      })
    })
  })
})

const stored = (io: Io<string | null>) => lastValueFrom(from(io))

describe('a page reloaded in a room', () => {
  it('goes back in as the same member: the resume answer is an entry, then the channel is joined', () => {
    const h = runEffects(
      initialState,
      [resumeEffect, channelEffect, roomMemoryEffect],
      (_h, at) => at(0, { type: 'ui/reloadedInRoom', roomId: 'r1' }),
      { rest: { resumeRoom: () => of(entry(me('200', { grantBoard: 1 }))) } },
    )
    expect(h.calls()).toEqual([
      ['rest.resumeRoom', 'r1'],
      ['messaging.login', '200', 'rtm-secret'],
      ['messaging.join', 'ch1'],
    ])
    expect(h.types()).toEqual([
      'ui/reloadedInRoom',
      'rest/roomEntered',
      'rtm/channelJoined',
      'life/entered',
    ])
    expect(h.store.getState().session.phase).toBe('inRoom')
    expect(h.store.getState().me?.grantBoard).toBe(1)
  })

  it('a refused resume (I was removed) is an entry failure, and the stored room is kept only while I am in', async () => {
    const refused = runEffects(
      initialState,
      [resumeEffect],
      (_h, at) => at(0, { type: 'ui/reloadedInRoom', roomId: 'r1' }),
      {
        rest: {
          resumeRoom: () =>
            throwError(
              () => new RestFailure('you are not in this room', 20004, 200, undefined, 'notInRoom'),
            ),
        },
      },
    )
    expect(refused.store.getState().session).toMatchObject({
      phase: 'idle',
      entryError: { message: 'you are not in this room', reason: 'notInRoom' },
    })
    const kept = runEffects(inRoom(), [roomMemoryEffect], (_h, at) => {
      at(0, { type: 'life/entered', roomId: 'r1', uid: '200' })
    })
    expect(await stored(kept.deps.storage.get(ROOM_KEY))).toBe('r1')
    const gone = runEffects(inRoom(), [roomMemoryEffect], (_h, at) => {
      at(0, { type: 'life/entered', roomId: 'r1', uid: '200' })
      at(10, { type: 'life/exited', reason: 'leave' })
    })
    expect(await stored(gone.deps.storage.get(ROOM_KEY))).toBe(null)
  })
})

describe('renegotiation', () => {
  it('once resynced, media and board renegotiate (marbles); what is not joined is left alone', () => {
    const scheduler = testScheduler()
    scheduler.run(({ cold, hot, expectObservable }) => {
      const event$ = hot<Event>('-a', { a: { type: 'life/resynced', roomId: 'r1' } })
      const deps = fakeDeps(scheduler, {
        media: { resync: () => cold('--(x|)', { x: undefined }) },
        board: { resync: () => cold('-(x|)', { x: undefined }) },
      })
      const joined = {
        ...inRoom(),
        media: { ...inRoom().media, joined: true },
        board: { ...inRoom().board, joined: true },
      }
      expectObservable(renegotiateEffect(event$, of(joined), deps)).toBe('---mb', {
        m: { type: 'rtc/resynced' },
        b: { type: 'board/resynced' },
      })
      expectObservable(renegotiateEffect(event$, of(inRoom()), deps)).toBe('')
    })
  })
})
