import { of } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { entryFlowEffect } from '@streams/effects/entry'
import { resyncEffect } from '@streams/effects/reconnect'
import { ROSTER_PAGE, rosterPages } from '@streams/effects/roster-pages'
import type { Event } from '@streams/events'
import type { Member } from '@streams/wire/member'
import { Role } from '@streams/wire/roles'
import { fold, inRoom, member } from '../fixtures'
import { fakeDeps, testScheduler } from './harness'

/** A room of `total` members listed 500 a page: the page's members and the asked pages. */
function crowd(total: number) {
  const all = Array.from({ length: total }, (_, i) => member(String(1000 + i)))
  const asked: number[] = []
  const loadUsers = (...args: unknown[]) => {
    const query = args[1] as { page?: number; size?: number } | undefined
    const page = query?.page ?? 1
    const size = query?.size ?? ROSTER_PAGE
    asked.push(page)
    return of({ list: all.slice((page - 1) * size, page * size), total, page, size })
  }
  return { all, asked, loadUsers }
}

const asHost = () => inRoom({ me: { role: Role.host } })

describe('the member list in pages', () => {
  it('[ENTRY-2] a host reads every page of a crowd, one after another; a conferee the first only', () => {
    const room = crowd(1_201)
    const pages: number[] = []
    rosterPages(room, 'r1', true).subscribe((p) => pages.push(p.list.length))
    expect(pages).toEqual([500, 500, 201])
    expect(room.asked).toEqual([1, 2, 3])

    const small = crowd(1_201)
    rosterPages(small, 'r1', false).subscribe()
    expect(small.asked).toEqual([1])
  })

  it('[ENTRY-2] a host entering a room of 1,201 has all of them (usersLoaded for each page)', () => {
    const room = crowd(1_201)
    const scheduler = testScheduler()
    const events: Event[] = []
    const deps = fakeDeps(scheduler, { rest: { loadUsers: room.loadUsers } })
    const event$ = of<Event>({ type: 'life/entered', roomId: 'r1', uid: '200' })
    entryFlowEffect(event$, of(asHost()), deps).subscribe((e) => events.push(e))
    const loaded = events.filter((e) => e.type === 'rest/usersLoaded')
    expect(loaded.flatMap((e) => (e.type === 'rest/usersLoaded' ? e.users : []))).toHaveLength(
      1_201,
    )
  })

  it('after a reconnection a host gets the whole crowd back, marked paged (nobody judged gone from it)', () => {
    const room = crowd(1_201)
    const scheduler = testScheduler()
    const events: Event[] = []
    const deps = fakeDeps(scheduler, { rest: { loadUsers: room.loadUsers } })
    const event$ = of<Event>({ type: 'rtm/reconnected', attempt: 1, channel: 'ch1', members: [] })
    resyncEffect(event$, of(asHost()), deps).subscribe((e) => events.push(e))
    const resynced = events.find((e) => e.type === 'rest/rosterResynced')
    expect(resynced).toMatchObject({ total: 1_201, paged: true })
    const users = resynced?.type === 'rest/rosterResynced' ? resynced.users : []
    expect(new Set(users.map((m: Member) => m.uid)).size).toBe(1_201)
  })

  it('a conferee after a reconnection reads the first page, one snapshot as before', () => {
    const room = crowd(120)
    const scheduler = testScheduler()
    const events: Event[] = []
    const deps = fakeDeps(scheduler, { rest: { loadUsers: room.loadUsers } })
    const event$ = of<Event>({ type: 'rtm/reconnected', attempt: 1, channel: 'ch1', members: [] })
    resyncEffect(event$, of(inRoom()), deps).subscribe((e) => events.push(e))
    const resynced = events.find((e) => e.type === 'rest/rosterResynced')
    expect(resynced).toMatchObject({ total: 120 })
    expect(resynced).not.toHaveProperty('paged')
    expect(room.asked).toEqual([1])
  })

  it('a paged list keeps members it does not list; one page holding the room drops them', () => {
    const before = inRoom()
    expect(before.users.audiences.has('300')).toBe(true)
    const users = [member('100', { role: 1 })]
    const paged = fold(before, { type: 'rest/rosterResynced', users, total: 1, paged: true })
    expect(paged.users.audiences.has('300')).toBe(true)
    const whole = fold(before, { type: 'rest/rosterResynced', users, total: 1 })
    expect(whole.users.audiences.has('300')).toBe(false)
  })
})
