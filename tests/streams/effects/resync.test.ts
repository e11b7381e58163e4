import { of } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { reconnectEffect, renegotiateEffect, resyncEffect } from '@streams/effects/reconnect'
import type { Event } from '@streams/events'
import { selectConnectionNotice } from '@streams/selectors'
import { inRoom, member, roomDetail } from '../fixtures'
import { fakeDeps, runEffects, testScheduler } from './harness'
import { drop } from './reconnect-setup'

// After a rejoin: the catch-up (chat, room, roster) and the renegotiation of media and board.

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
          arrived: [],
        },
        s: { type: 'life/resynced', roomId: 'r1' },
      })
    })
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
