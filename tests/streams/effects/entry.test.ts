import { NEVER, of, throwError, type Observable } from 'rxjs'
import { describe, expect, it } from 'vitest'
import {
  channelEffect,
  ENTRY_BUSY,
  entryBusyDelay,
  entryEffect,
  entryFlowEffect,
} from '@streams/effects/entry'
import { selectEntryBusy } from '@streams/selectors'
import { initialState } from '@streams/projections'
import { RestFailure } from '@streams/ports/rest'
import { asHost, entry, fold, inRoom, me, roomDetail } from '../fixtures'
import { fakeDeps, runEffects, testScheduler } from './harness'
import type { Event } from '@streams/events'

const form = { roomName: ' Room ', userName: 'Ann', roomType: 1, role: 1, password: 'pw' } as const

describe('entry', () => {
  it('[ENTRY-1] calls the entry endpoint with the trimmed form, then marks the exit state false', () => {
    const exited = fold(inRoom(), { type: 'life/exited', reason: 'leave' })
    expect(exited.session.exited).toBe(true)
    const h = runEffects(
      exited,
      [entryEffect],
      (_h, at) => at(0, { type: 'ui/joinSubmitted', form }),
      {
        rest: { enterRoom: () => of(entry(me('200'))) },
      },
    )
    expect(h.calls('rest')).toEqual([['rest.enterRoom', { ...form, roomName: 'Room' }]])
    expect(h.types()).toEqual(['ui/joinSubmitted', 'rest/roomEntered'])
    expect(h.store.getState().session.exited).toBe(false)
  })

  it("[ENTRY-7] an entry answer with a non-zero code raises the answer's msg", () => {
    const scheduler = testScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const event$ = cold<Event>('a', { a: { type: 'ui/joinSubmitted', form } })
      const failure = new RestFailure('wrong room password', 1002, 200, 'password', 'wrongPassword')
      const deps = fakeDeps(scheduler, {
        rest: { enterRoom: () => cold('-#', undefined, failure) },
      })
      expectObservable(entryEffect(event$, of(initialState), deps)).toBe('-f', {
        f: {
          type: 'rest/roomEntryFailed',
          message: 'wrong room password',
          field: 'password',
          reason: 'wrongPassword',
          code: 1002,
        },
      })
    })
  })

  it('a busy entry (1007) is "busy, retrying": tried again with its ticket after the backoff, then entered', () => {
    const scheduler = testScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const event$ = cold<Event>('a', { a: { type: 'ui/joinSubmitted', form } })
      const busy = (ticket: string) =>
        new RestFailure('busy', 1007, 200, undefined, 'busy', { ticket, retryAfterMs: 1000 })
      const bodies: unknown[] = []
      const answers: (() => Observable<ReturnType<typeof entry>>)[] = [
        () => cold<never>('-#', undefined, busy('t1')),
        () => cold<never>('-#', undefined, busy('t2')),
        () => cold('-e', { e: entry(me('200')) }),
      ]
      const deps = fakeDeps(scheduler, {
        rest: {
          enterRoom: (body: unknown) => {
            bodies.push(body)
            return answers[bodies.length - 1]!()
          },
        },
        random: () => 0.5,
      })
      // Each wait: the server's 1 s hint (over the 0.5 s and 1 s backoff), plus a quarter of jitter.
      expectObservable(entryEffect(event$, of(initialState), deps)).toBe('-b 1250ms c 1250ms e', {
        b: { type: 'rest/roomEntryBusy', attempt: 1, delayMs: 1250 },
        c: { type: 'rest/roomEntryBusy', attempt: 2, delayMs: 1250 },
        e: { type: 'rest/roomEntered', data: entry(me('200')) },
      })
      scheduler.flush()
      const trimmed = { ...form, roomName: 'Room' }
      expect(bodies).toEqual([trimmed, { ...trimmed, ticket: 't1' }, { ...trimmed, ticket: 't2' }])
    })
  })

  it('the busy wait backs off past the hint, is capped, and a crowd’s jitter spreads it; after the last attempt the entry fails', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => entryBusyDelay(n, 500, 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 15_000,
    ])
    expect(entryBusyDelay(1, 3000, 0)).toBe(3000)
    expect(entryBusyDelay(1, 3000, 0.99)).toBe(4485)
    expect(entryBusyDelay(9, 60_000, 0.5)).toBe(ENTRY_BUSY.capMs)

    const scheduler = testScheduler()
    scheduler.run(({ cold, flush }) => {
      const event$ = cold<Event>('a', { a: { type: 'ui/joinSubmitted', form } })
      const busy = new RestFailure('busy', 1007, 200, undefined, 'busy', {
        ticket: 't',
        retryAfterMs: 500,
      })
      const deps = fakeDeps(scheduler, {
        rest: { enterRoom: () => cold<never>('-#', undefined, busy) },
      })
      const out: Event[] = []
      entryEffect(event$, of(initialState), deps).subscribe((e) => out.push(e))
      flush()
      expect(out.filter((e) => e.type === 'rest/roomEntryBusy')).toHaveLength(
        ENTRY_BUSY.maxAttempts - 1,
      )
      expect(out.at(-1)).toMatchObject({ type: 'rest/roomEntryFailed', code: 1007, reason: 'busy' })
    })
  })

  it('the home form shows "busy, retrying" while entering, and not once the entry is answered', () => {
    const submitted = fold(initialState, { type: 'ui/joinSubmitted', form })
    expect(selectEntryBusy(submitted)).toBeNull()
    const waiting = fold(submitted, { type: 'rest/roomEntryBusy', attempt: 2, delayMs: 1250 })
    expect(waiting.session.phase).toBe('entering')
    expect(selectEntryBusy(waiting)).toEqual({ attempt: 2, delayMs: 1250 })
    expect(
      selectEntryBusy(fold(waiting, { type: 'rest/roomEntered', data: entry(me('200')) })),
    ).toBeNull()
    const failed = fold(waiting, { type: 'rest/roomEntryFailed', message: 'busy', code: 1007 })
    expect(selectEntryBusy(failed)).toBeNull()
    expect(failed.session.entryBusy).toBeNull()
    // A session that never was busy keeps no trace of it (recorded logs fold as before).
    expect('entryBusy' in submitted.session && submitted.session.entryBusy !== undefined).toBe(
      false,
    )
  })

  it('[HOME-2] does not call the server when the form is incomplete', () => {
    const h = runEffects(initialState, [entryEffect], (_h, at) =>
      at(0, { type: 'ui/joinSubmitted', form: { ...form, password: '' } }),
    )
    expect(h.calls()).toEqual([])
  })

  it('[ENTRY-8] an empty appId stops the login: no messaging call, and the entry shows room login failed', () => {
    const h = runEffects(initialState, [channelEffect], (_h, at) =>
      at(0, { type: 'rest/roomEntered', data: entry(me('200', { appID: '' })) }),
    )
    expect(h.calls('messaging')).toEqual([])
    expect(h.types()).toEqual(['rest/roomEntered', 'rtm/loginSkipped'])
    expect(h.store.getState().session).toMatchObject({
      phase: 'idle',
      entryError: { message: 'room login failed' },
    })
  })

  it("[ENTRY-9] a messaging login or join failure raises 'Failed to join messaging'", () => {
    const scheduler = testScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const event$ = cold<Event>('a', { a: { type: 'rest/roomEntered', data: entry(me('200')) } })
      const deps = fakeDeps(scheduler, {
        messaging: { login: () => cold('--#', undefined, new Error('unauthorized')) },
      })
      expectObservable(channelEffect(event$, of(initialState), deps)).toBe('--f', {
        f: { type: 'rtm/joinFailed', message: 'Failed to join messaging' },
      })
    })
  })

  it("[ENTRY-9] a login refused as one connection too many says 'Too many connections'", () => {
    const scheduler = testScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const event$ = cold<Event>('a', { a: { type: 'rest/roomEntered', data: entry(me('200')) } })
      const refused = Object.assign(new Error('too many'), { code: 'tooManyConnections' })
      const deps = fakeDeps(scheduler, {
        messaging: { login: () => cold('--#', undefined, refused) },
      })
      expectObservable(channelEffect(event$, of(initialState), deps)).toBe('--f', {
        f: { type: 'rtm/joinFailed', message: 'Too many connections' },
      })
    })
  })

  it('[ENTRY-9] a messaging service that never answers fails the join after 20 s, and the late login is undone', () => {
    const scheduler = testScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const event$ = cold<Event>('a', { a: { type: 'rest/roomEntered', data: entry(me('200')) } })
      const deps = fakeDeps(scheduler, { messaging: { login: () => NEVER } })
      expectObservable(channelEffect(event$, of(initialState), deps)).toBe('20000ms f', {
        f: { type: 'rtm/joinFailed', message: 'The messaging service could not be reached' },
      })
      scheduler.schedule(() => {
        expect(deps.calls.map((c) => c[0])).toEqual(['messaging.login', 'messaging.logout'])
      }, 20_001)
    })
  })

  it('logs in with the rtmToken, joins the channel, and the room is entered', () => {
    const scheduler = testScheduler()
    const deps = fakeDeps(scheduler, {
      messaging: {
        login: () => scheduler.createColdObservable('-l|', { l: undefined }),
        join: () => scheduler.createColdObservable('-m|', { m: ['200', '100'] }),
      },
    })
    scheduler.run(({ cold, expectObservable }) => {
      const event$ = cold<Event>('a', { a: { type: 'rest/roomEntered', data: entry(me('200')) } })
      // login answers at 1 and completes at 2; join answers at 3 and completes at 4
      expectObservable(channelEffect(event$, of(initialState), deps)).toBe('----(je)', {
        j: { type: 'rtm/channelJoined', channel: 'ch1', members: ['200', '100'] },
        e: { type: 'life/entered', roomId: 'r1', uid: '200' },
      })
    })
    expect(deps.calls).toEqual([
      ['messaging.login', '200', 'rtm-secret'],
      ['messaging.join', 'ch1'],
    ])
  })
})

describe('entry flow', () => {
  const entered: Event = { type: 'life/entered', roomId: 'r1', uid: '200' }

  it('[ENTRY-2] after entry the member (audience) list and the room info are loaded', () => {
    const h = runEffects(inRoom(), [entryFlowEffect], (_h, at) => at(0, entered))
    expect(h.calls('rest').map((c) => c[0])).toEqual([
      'rest.loadUsers',
      'rest.loadRoom',
      'rest.loadUsersAmount',
    ])
    expect(h.types()).toEqual([
      'life/entered',
      'rest/usersLoaded',
      'rest/roomLoaded',
      'rest/usersAmountLoaded',
    ])
    expect(h.store.getState().users.audiences.has('300')).toBe(true)
  })

  it('[ENTRY-3] when live is on, the live URL is fetched', () => {
    const h = runEffects(inRoom(), [entryFlowEffect], (_h, at) => at(0, entered), {
      rest: { loadRoom: () => of({ room: roomDetail({ liveOpen: 1 }), user: null }) },
    })
    expect(h.calls('rest.loadLiveSetting')).toEqual([['rest.loadLiveSetting', 'r1']])
    expect(h.store.getState().live.liveUrls.map((u) => u.pullUrl)).toEqual([
      'https://cdn/live.m3u8',
    ])
    const quiet = runEffects(inRoom(), [entryFlowEffect], (_h, at) => at(0, entered))
    expect(quiet.calls('rest.loadLiveSetting')).toEqual([])
  })

  it('[ENTRY-4] when playbackState is 1, the playback list is fetched', () => {
    const off = runEffects(inRoom(), [entryFlowEffect], (_h, at) => at(0, entered))
    expect(off.calls('rest.loadPlayback')).toEqual([])
    const h = runEffects(inRoom(), [entryFlowEffect], (_h, at) => at(0, entered), {
      rest: { loadRoom: () => of({ room: roomDetail({ playbackState: 1 }), user: null }) },
    })
    expect(h.calls('rest.loadPlayback')).toEqual([['rest.loadPlayback', 'r1']])
    expect(h.store.getState().live.playback?.uploadedVideoUrl).toBe('https://cdn/v1.mp4')
  })

  it('[ENTRY-5] for hosts, the board screen recording is turned off', () => {
    const conferee = runEffects(inRoom(), [entryFlowEffect], (_h, at) => at(0, entered))
    expect(conferee.calls('rest.updateRecordState')).toEqual([])
    const host = runEffects(asHost(), [entryFlowEffect], (_h, at) =>
      at(0, { ...entered, uid: '100' } as Event),
    )
    expect(host.calls('rest.updateRecordState')).toEqual([['rest.updateRecordState', 'r1', 0]])
  })

  it('[ENTRY-6] user counts are refreshed after entry, and the hot number too while live', () => {
    const quiet = runEffects(inRoom(), [entryFlowEffect], (_h, at) => at(0, entered))
    expect(quiet.calls('rest.loadHotNum')).toEqual([])
    expect(quiet.store.getState().live.usersAmount).toBe(12)
    const live = runEffects(inRoom(), [entryFlowEffect], (_h, at) => at(0, entered), {
      rest: { loadRoom: () => of({ room: roomDetail({ liveState: 1 }), user: null }) },
    })
    expect(
      live
        .calls('rest')
        .map((c) => c[0])
        .slice(-2),
    ).toEqual(['rest.loadUsersAmount', 'rest.loadHotNum'])
    expect(live.store.getState().live.hotNum).toBe(345)
  })

  it("[ERR-1] a failed member lookup is 'hosts and audiences lookup failure'; failed counts name their call", () => {
    const h = runEffects(inRoom(), [entryFlowEffect], (_h, at) => at(0, entered), {
      rest: {
        loadUsers: () => throwError(() => new Error('boom')),
        loadRoom: () => of({ room: roomDetail({ liveState: 1 }), user: null }),
        loadUsersAmount: () => throwError(() => new Error('boom')),
        loadHotNum: () => throwError(() => new Error('boom')),
      },
    })
    const failures = h.seen.flatMap((s) =>
      s.event.type === 'rest/callFailed' ? [[s.event.call, s.event.message]] : [],
    )
    expect(failures).toEqual([
      ['loadUsers', 'hosts and audiences lookup failure'],
      ['loadUsersAmount', 'the online-count call failed'],
      ['loadHotNum', 'the hot-number call failed'],
    ])
  })
})
