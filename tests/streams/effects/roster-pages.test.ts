import { of } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { entryFlowEffect } from '@streams/effects/entry'
import { resyncEffect } from '@streams/effects/reconnect'
import { ROSTER_PAGE, rosterPages, rosterResync } from '@streams/effects/roster-pages'
import type { Event } from '@streams/events'
import type { Member } from '@streams/wire/member'
import { Role } from '@streams/wire/roles'
import { inRoom, member, msg } from '../fixtures'
import { Cmd } from '@streams/wire/channel'
import { fakeDeps, testScheduler } from './harness'
import { listedRoom } from './roster-room'

const asHost = () => inRoom({ me: { role: Role.host } })
const uidsOf = (list: readonly Member[]) => list.map((m) => m.uid)
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i))

describe('the member list in pages', () => {
  it('[ENTRY-2] a host reads every page, each after the last member of the one before; a conferee the first only', () => {
    const room = listedRoom(1_201)
    const pages: number[] = []
    rosterPages({ loadUsers: room.loadUsers() }, 'r1', true).subscribe((p) =>
      pages.push(p.list.length),
    )
    expect(pages).toEqual([500, 500, 201])
    expect(room.asked).toEqual([
      { page: 1, size: ROSTER_PAGE },
      { size: ROSTER_PAGE, after: 'k1499' },
      { size: ROSTER_PAGE, after: 'k1999' },
    ])

    const small = listedRoom(1_201)
    rosterPages({ loadUsers: small.loadUsers() }, 'r1', false).subscribe()
    expect(small.asked).toEqual([{ page: 1, size: ROSTER_PAGE }])
  })

  it('[ENTRY-2] a host entering a room of 1,201 has all of them (usersLoaded for each page)', () => {
    const room = listedRoom(1_201)
    const events: Event[] = []
    const deps = fakeDeps(testScheduler(), { rest: { loadUsers: room.loadUsers() } })
    const event$ = of<Event>({ type: 'life/entered', roomId: 'r1', uid: '200' })
    entryFlowEffect(event$, of(asHost()), deps).subscribe((e) => events.push(e))
    const loaded = events.flatMap((e) => (e.type === 'rest/usersLoaded' ? [e] : []))
    expect(new Set(uidsOf(loaded.flatMap((e) => e.users))).size).toBe(1_201)
    // the pages by cursor carry the first page's count
    expect(loaded.map((e) => e.total)).toEqual([1_201, 1_201, 1_201])
  })

  it('members leaving before the cursor mid-read make nobody skipped: each member present for the whole read is listed once (marbles)', () => {
    const scheduler = testScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const room = listedRoom(1_201)
      // Page 1 answers at frame 2, page 2 at 4, page 3 at 6; three members of page 1 leave at 3.
      const gone = ['1010', '1011', '1012']
      scheduler.schedule(() => gone.forEach((uid) => room.leave(uid)), 3)
      const event$ = hot<Event>('---a', {
        a: { type: 'rtm/memberLeft', uid: '1010' },
      })
      const all = range(1000, 2200)
      const read$ = rosterResync(event$, { loadUsers: room.loadUsers(2) }, 'r1', true)
      expectObservable(read$).toBe('------(u|)', {
        u: {
          type: 'rest/rosterResynced',
          users: all.map((uid) => member(uid)),
          total: 1_201,
          arrived: [],
          left: ['1010'],
        },
      })
    })
  })

  it('the members told arriving from the start of the read to its end come with it; one told leaving after is not among them (marbles)', () => {
    const scheduler = testScheduler()
    scheduler.run(({ hot, expectObservable }) => {
      const room = listedRoom(600)
      // Page 1 answers at frame 3, page 2 at 6. 0999 arrives at 4, before the cursor: not listed.
      scheduler.schedule(() => room.arrive('0999'), 4)
      const joined = (uid: string): Event =>
        msg(Cmd.memberChanged, {
          userId: `user-${uid}`,
          userName: `Name ${uid}`,
          type: 'join',
          member: member(uid),
        })
      // 0998 is told before the read (none of its business), 7000 arrives and leaves during it,
      // 8000 is told after the answer.
      const event$ = hot<Event>('b^-d-ce--f', {
        b: joined('0998'),
        c: joined('0999'),
        d: { type: 'rtm/memberJoined', uid: '7000' },
        e: { type: 'rtm/memberLeft', uid: '7000' },
        f: joined('8000'),
      })
      const read$ = rosterResync(event$, { loadUsers: room.loadUsers(3) }, 'r1', true)
      expectObservable(read$).toBe('------(u|)', {
        u: {
          type: 'rest/rosterResynced',
          users: range(1000, 1599).map((uid) => member(uid)),
          total: 600,
          arrived: ['0999'],
          left: ['7000'],
        },
      })
    })
  })

  it('a list with pages left unread is paged: nobody is judged gone from it', () => {
    const room = listedRoom(1_201)
    const events: Event[] = []
    rosterResync(of(), { loadUsers: room.loadUsers() }, 'r1', false).subscribe((e) =>
      events.push(e),
    )
    expect(events).toEqual([
      { type: 'rest/rosterResynced', users: room.present.slice(0, 500), total: 1_201, paged: true },
    ])
  })

  it('after a reconnection a host gets the whole crowd back, whole (arrived given)', () => {
    const room = listedRoom(1_201)
    const events: Event[] = []
    const deps = fakeDeps(testScheduler(), { rest: { loadUsers: room.loadUsers() } })
    const event$ = of<Event>({ type: 'rtm/reconnected', attempt: 1, channel: 'ch1', members: [] })
    resyncEffect(event$, of(asHost()), deps).subscribe((e) => events.push(e))
    const resynced = events.find((e) => e.type === 'rest/rosterResynced')
    expect(resynced).toMatchObject({ total: 1_201, arrived: [] })
    expect(resynced).not.toHaveProperty('paged')
    const users = resynced?.type === 'rest/rosterResynced' ? resynced.users : []
    expect(new Set(uidsOf(users)).size).toBe(1_201)
  })

  it('a conferee after a reconnection reads the first page; one holding the room is whole', () => {
    const room = listedRoom(120)
    const events: Event[] = []
    const deps = fakeDeps(testScheduler(), { rest: { loadUsers: room.loadUsers() } })
    const event$ = of<Event>({ type: 'rtm/reconnected', attempt: 1, channel: 'ch1', members: [] })
    resyncEffect(event$, of(inRoom()), deps).subscribe((e) => events.push(e))
    expect(events.find((e) => e.type === 'rest/rosterResynced')).toMatchObject({
      total: 120,
      arrived: [],
    })
    expect(room.asked).toEqual([{ page: 1, size: ROSTER_PAGE }])
  })

  it('a first page answered without a cursor is whole only when it lists its total', () => {
    const events: Event[] = []
    const crowd = Array.from({ length: 500 }, (_, i) => member(String(1000 + i)))
    const loadUsers = () => of({ list: crowd, total: 1_201, page: 1, size: 500 })
    rosterResync(of(), { loadUsers }, 'r1', true).subscribe((e) => events.push(e))
    expect(events[0]).toMatchObject({ total: 1_201, paged: true })
    expect(events[0]).not.toHaveProperty('arrived')
  })
})
