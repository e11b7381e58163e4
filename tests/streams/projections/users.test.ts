import { describe, expect, it } from 'vitest'
import type { Event } from '@streams/events'
import { initialState, reduce, type State } from '@streams/projections'
import { stateFromJson } from '@streams/projections/codec'
import { Cmd } from '@streams/wire/channel'
import { MuteAll } from '@streams/wire/constants'
import type { Member } from '@streams/wire/member'
import { Role } from '@streams/wire/roles'
import { generateLog } from '../../bench/fold-log'
import { byHost, fold, member, msg } from '../fixtures'

const speaking = (s: State) =>
  s.users.audiences
    .values()
    .filter((m) => m.enableAudio === 1)
    .map((m) => m.uid)
    .sort()

const members = (s: State) => [...s.users.hosts.values(), ...s.users.audiences.values()]
const uids = (list: readonly Member[]) => list.map((m) => m.uid).sort()

const isForcedMute = (e: Event) =>
  (e.type === 'msg/roomInfoChanged' && e.data.muteAllAudio === MuteAll.forced) ||
  (e.type === 'rest/muteAllUpdated' && e.muteAllAudio === MuteAll.forced)

describe('users projection over a long meeting', () => {
  // a synthetic meeting: 10,000 members joining, leaving, changing role and flags, forced mutes
  const events = generateLog(200_000).map((e) => e.event)

  it('[MUTE-2] every forced mute turns off the audio of every audience, whatever came before, and leaves the hosts as they were', () => {
    let s = initialState
    let mutes = 0
    let silenced = 0
    for (const event of events) {
      const before = s
      s = reduce(s, event)
      if (!isForcedMute(event)) continue
      mutes++
      silenced += speaking(before).length
      expect(speaking(s)).toEqual([])
      expect(s.users.hosts).toBe(before.users.hosts)
      expect(s.users.audiences.size).toBe(before.users.audiences.size)
    }
    expect(mutes).toBeGreaterThan(2)
    expect(silenced).toBeGreaterThan(mutes)
  })

  it('keeps the audiences whose audio is on as a group, the same after a JSON round trip', () => {
    let s = initialState
    events.forEach((event, i) => {
      s = reduce(s, event)
      if (i % 2000 === 0 || isForcedMute(event))
        expect(s.users.audioOn.keys().sort()).toEqual(speaking(s))
    })
    const back = stateFromJson(JSON.parse(JSON.stringify(s)))
    expect(back.users.audioOn.keys().sort()).toEqual(speaking(s))
    expect(speaking(s).length).toBeGreaterThan(0)
  })

  it('[CMD-2] [CMD-4] [BOARD-3] every group agrees with the records after joins, leaves, role, grant and flag changes', () => {
    let s = initialState
    let checked = 0
    let granted = 0
    events.forEach((event, i) => {
      s = reduce(s, event)
      if (i % 1000 !== 0) return
      const { hosts, audiences, shareBoardUsers } = s.users
      expect(hosts.values().every((m) => m.role === Role.host)).toBe(true)
      expect(audiences.values().every((m) => m.role !== Role.host)).toBe(true)
      expect(hosts.keys().filter((uid) => audiences.has(uid))).toEqual([])
      expect(shareBoardUsers.keys().sort()).toEqual(
        uids(members(s).filter((m) => m.grantBoard === 1)),
      )
      expect(s.users.audioOn.keys().sort()).toEqual(speaking(s))
      checked++
      if (shareBoardUsers.size > 0) granted++
    })
    expect(checked).toBe(200)
    // the meeting did grant the board and keep a host, so the checks above saw both groups in use
    expect(granted).toBeGreaterThan(10)
    expect(s.users.hosts.size).toBeGreaterThan(0)
  })
})

describe('users projection, single moves', () => {
  const joined = (m: Member): Event =>
    msg(Cmd.memberChanged, { ...byHost, type: 'join', member: m })
  const fromStart = (...events: Event[]) => fold(initialState, ...events)

  it('[CMD-2] an audience with audio on who becomes host leaves the audiences and audioOn', () => {
    const s = fromStart(
      { type: 'rest/usersLoaded', users: [member('a', { enableAudio: 1 })], total: 1 },
      joined(member('a', { role: Role.host, enableAudio: 1 })),
    )
    expect(s.users.hosts.keys()).toEqual(['a'])
    expect(s.users.audiences.size).toBe(0)
    expect(s.users.audioOn.size).toBe(0)
  })

  it('[HOST-1] the old host moves to the audiences and the chosen audience to the hosts, each in one group', () => {
    const s = fromStart(
      {
        type: 'rest/usersLoaded',
        users: [member('h', { role: Role.host }), member('a', { enableAudio: 1 })],
        total: 2,
      },
      { type: 'rest/hostSet', oldHostUid: 'h', newHostUid: 'a' },
    )
    expect(s.users.hosts.keys()).toEqual(['a'])
    expect(s.users.audiences.keys()).toEqual(['h'])
    expect(s.users.audiences.get('h')?.role).toBe(Role.conferee)
    expect(s.users.audioOn.size).toBe(0)
  })

  it('[CMD-2] [BOARD-3] a granted member who leaves is no longer a board grantee', () => {
    const s = fromStart(
      { type: 'rest/usersLoaded', users: [member('a', { grantBoard: 1 })], total: 1 },
      joined(member('a', { role: Role.host, grantBoard: 1 })),
      { type: 'rtm/memberLeft', uid: 'a' },
    )
    expect(members(s)).toEqual([])
    expect(s.users.shareBoardUsers.size).toBe(0)
  })

  it('[END-1] a host cleared by the end who joins again without a grant is not a board grantee', () => {
    const s = fromStart(
      {
        type: 'rest/usersLoaded',
        users: [member('h', { role: Role.host, grantBoard: 1 })],
        total: 1,
      },
      { type: 'life/ended', reason: 'meetingEnd', live: false },
      joined(member('h', { role: Role.host })),
    )
    expect(s.users.hosts.keys()).toEqual(['h'])
    expect(s.users.shareBoardUsers.size).toBe(0)
  })
})
