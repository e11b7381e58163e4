import { describe, expect, it } from 'vitest'
import type { Event } from '@streams/events'
import type { State } from '@streams/projections'
import type { Member } from '@streams/wire/member'
import { Role } from '@streams/wire/roles'
import { asHost, fold, member } from '../fixtures'

/** Every member the roster holds, by uid. */
const known = (s: State) => [...s.users.hosts.keys(), ...s.users.audiences.keys()].sort()

const resynced = (users: readonly Member[], more: Partial<Event> = {}): Event =>
  ({ type: 'rest/rosterResynced', users, total: users.length, ...more }) as Event

// asHost(): I am the host '100'; '200' and '300' are conferees.
const listed = [member('100', { role: Role.host }), member('200')]

describe('the roster read again after a reconnection', () => {
  it('[MSG-9] a whole list: a known member missing from it and not told arriving left during the gap', () => {
    const s = fold(asHost(), resynced(listed, { arrived: [] }))
    expect(known(s)).toEqual(['100', '200'])
  })

  it('[MSG-9] a member told arriving while the list was read stays, though the list misses it (the one-page race)', () => {
    const s = fold(
      asHost(),
      { type: 'rtm/memberJoined', uid: '400' },
      resynced(listed, { arrived: ['400'] }),
    )
    expect(known(s)).toEqual(['100', '200', '400'])
  })

  it('a whole list read in several pages judges departures too (each page after the one before)', () => {
    const s = fold(asHost(), resynced(listed, { arrived: [], total: 3 }))
    expect(known(s)).toEqual(['100', '200'])
  })

  it('a list not whole (paged) judges nobody gone', () => {
    const s = fold(asHost(), resynced(listed, { paged: true, total: 1_201 }))
    expect(known(s)).toEqual(['100', '200', '300'])
  })

  it('[MSG-9] a member told leaving while the list was read is not put back by a page read before', () => {
    const before = fold(asHost(), { type: 'rtm/memberLeft', uid: '200' })
    const s = fold(before, resynced([...listed, member('300')], { arrived: [], left: ['200'] }))
    expect(known(s)).toEqual(['100', '300'])
    const paged = fold(before, resynced(listed, { paged: true, left: ['200'] }))
    expect(known(paged)).toEqual(['100', '300'])
  })

  it('a log recorded before `arrived` replays as it was seen: one page listing its total is whole, a paged one is not', () => {
    expect(known(fold(asHost(), resynced(listed)))).toEqual(['100', '200'])
    expect(known(fold(asHost(), resynced(listed, { total: 3 })))).toEqual(['100', '200', '300'])
    expect(known(fold(asHost(), resynced(listed, { paged: true })))).toEqual(['100', '200', '300'])
  })
})
