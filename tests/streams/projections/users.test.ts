import { describe, expect, it } from 'vitest'
import type { Event } from '../../../streams/events'
import { initialState, reduce, type State } from '../../../streams/projections'
import { stateFromJson } from '../../../streams/projections/codec'
import { MuteAll } from '../../../streams/wire/constants'
import { generateLog } from '../../bench/fold-log'

const speaking = (s: State) =>
  s.users.audiences
    .values()
    .filter((m) => m.enableAudio === 1)
    .map((m) => m.uid)
    .sort()

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
})
