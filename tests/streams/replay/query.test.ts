import { describe, expect, it } from 'vitest'
import type { Envelope } from '@streams/core/envelope'
import type { Event } from '@streams/events'
import { createReplay } from '@streams/replay/engine'
import { buildPeopleDirectory } from '@streams/replay/people'
import { positionOfSeq, positionOfTime } from '@streams/replay/position'
import {
  clampStep,
  formatTime,
  matchesFilter,
  parseTime,
  peopleOf,
  seqOfStep,
  sourceOf,
  stepAtTime,
  stepOfSeq,
} from '@streams/replay/query'
import { Cmd } from '@streams/wire/channel'
import { byHost, entry, me, member, msg, roomInfo } from '../fixtures'

function log(events: Event[], firstSeq = 0) {
  const envelopes: Envelope<Event>[] = events.map((event, i) => ({
    seq: firstSeq + i,
    at: 10_000 + i * 500,
    event,
  }))
  return {
    header: { kind: 'roomcast-session-log' as const, format: 1, app: 't', startedAt: 10_000 },
    envelopes,
  }
}

const kickedMeeting = (): Event[] => [
  { type: 'life/appStarted', mobile: false, mode: 'local' },
  { type: 'rest/roomEntered', data: entry(me('200'), roomInfo()) },
  { type: 'rtm/channelJoined', channel: 'ch1', members: ['100', '200'] },
  { type: 'life/entered', roomId: 'r1', uid: '200' },
  msg(Cmd.memberChanged, { ...byHost, type: 'join', member: member('300') }),
  { type: 'rest/callFailed', call: 'loadHotNum', message: 'the hot-number call failed' },
  msg(Cmd.hostChanged, { ...byHost, oldHostUid: '100', newHostUid: '200' }),
  msg(Cmd.kickOut, { ...byHost, uid: '200', reason: 'kickUserBy' }),
  { type: 'life/kicked', by: 'Name 100', reason: 'kickUserBy' },
]

describe('replay queries', () => {
  it('marks joins, errors, boxes and role changes on the timeline, found during the fold', () => {
    const replay = createReplay(log(kickedMeeting()))
    const kinds = (type: string) =>
      replay.markers
        .filter((m) => replay.envelopes.at(m.index)?.event.type === type)
        .flatMap((m) => m.kinds)
    expect(kinds('life/entered')).toEqual(['join'])
    expect(kinds('msg/memberChanged')).toEqual(['join'])
    expect(kinds('rest/callFailed')).toEqual(['error', 'restFailed'])
    expect(kinds('msg/hostChanged')).toContain('role')
    expect(kinds('life/kicked')).toEqual(['dialog'])
    expect(kinds('rtm/channelJoined')).toEqual([])
  })

  it('marks chat, mute all, grants, failed REST calls and reconnections', () => {
    const events: Event[] = [
      ...kickedMeeting().slice(0, 4),
      msg(Cmd.chat, { userId: 'user-300', userName: 'Name 300', message: 'hi' }, '300'),
      msg(Cmd.roomInfo, { ...byHost, muteAllAudio: 1 }),
      { type: 'rest/boardGrantUpdated', uid: '200', grant: 1 } as unknown as Event,
      { type: 'rest/called', method: 'GET', path: '/api/x', status: 500, ms: 12 },
      { type: 'rest/called', method: 'GET', path: '/api/y', status: 200, code: 0, ms: 3 },
      { type: 'rtm/connectionStateChanged', state: 'RECONNECTING', reason: 'lost' },
    ]
    const replay = createReplay(log(events))
    const at = (i: number) => replay.markers.find((m) => m.index === i)?.kinds ?? []
    expect(at(4)).toContain('chat')
    expect(at(5)).toContain('muteAll')
    expect(at(6)).toContain('grant')
    expect(at(7)).toEqual(['restFailed'])
    expect(at(8)).toEqual([])
    expect(at(9)).toEqual(['reconnect'])
  })

  it('filters events by source, type and user', () => {
    const events = kickedMeeting()
    const pick = (f: Parameters<typeof matchesFilter>[1]) =>
      events.filter((e) => matchesFilter(e, f)).map((e) => e.type)
    expect(sourceOf('msg/chatReceived')).toBe('msg')
    expect(pick({ source: 'life' })).toEqual(['life/appStarted', 'life/entered', 'life/kicked'])
    expect(pick({ source: 'rest, rtm' })).toEqual([
      'rest/roomEntered',
      'rtm/channelJoined',
      'rest/callFailed',
    ])
    expect(pick({ type: 'KICK' })).toEqual(['msg/kickedOut', 'life/kicked'])
    expect(pick({ user: '300' })).toEqual(['msg/memberChanged'])
    expect(pick({ user: 'name 100', type: 'host' })).toEqual(['msg/hostChanged'])
    expect(pick({})).toHaveLength(events.length)
    expect(peopleOf(events[6] as Event)).toEqual(
      expect.arrayContaining(['server', 'user-100', 'Name 100', '100', '200']),
    )
  })

  it('maps seqs, steps and times both ways', () => {
    const l = log(kickedMeeting(), 40)
    expect(seqOfStep(l.envelopes, 0)).toBe(39)
    expect(seqOfStep(l.envelopes, 1)).toBe(40)
    expect(seqOfStep(l.envelopes, 99)).toBe(48)
    expect(stepOfSeq(l.envelopes, 40)).toBe(1)
    expect(stepOfSeq(l.envelopes, 47)).toBe(8)
    expect(stepOfSeq(l.envelopes, 39)).toBe(0)
    expect(stepOfSeq(l.envelopes, 1000)).toBe(9)
    expect(stepAtTime(l.envelopes, 10_000, 0)).toBe(1)
    expect(stepAtTime(l.envelopes, 10_000, 1_499)).toBe(3)
    expect(stepAtTime(l.envelopes, 10_000, 1_500)).toBe(4)
    expect(stepAtTime(l.envelopes, 10_000, -1)).toBe(0)
    expect(clampStep(-3, 9)).toBe(0)
    expect(clampStep(Number.NaN, 9)).toBe(0)
    expect(clampStep(12.7, 9)).toBe(9)
  })

  it('reads and writes times as seconds or m:ss.mmm', () => {
    expect(parseTime('12.5')).toBe(12_500)
    expect(parseTime('1:05')).toBe(65_000)
    expect(parseTime(' 2:03.250 ')).toBe(123_250)
    expect(parseTime('soon')).toBeNaN()
    expect(parseTime('1:2:3')).toBeNaN()
    expect(parseTime('1:99')).toBeNaN()
    expect(parseTime('1:60')).toBeNaN()
    expect(parseTime('-1')).toBeNaN()
    expect(parseTime('90')).toBe(90_000)
    expect(formatTime(123_250)).toBe('2:03.250')
    expect(formatTime(0)).toBe('0:00.000')
  })

  it('refuses positions outside the log, in a gap, or after its end, never clamping them', () => {
    const l = log(kickedMeeting(), 40)
    const gapped = l.envelopes.filter((e) => e.seq !== 44)
    expect(positionOfSeq(l.envelopes, '40')).toEqual({ ok: true, step: 1 })
    expect(positionOfSeq(l.envelopes, ' 48 ')).toEqual({ ok: true, step: 9 })
    expect(positionOfSeq(l.envelopes, '99999')).toEqual({
      ok: false,
      problem: { kind: 'seqOutside', seq: 99999, first: 40, last: 48 },
    })
    expect(positionOfSeq(l.envelopes, '-1')).toMatchObject({ problem: { kind: 'seqOutside' } })
    expect(positionOfSeq(l.envelopes, '39')).toMatchObject({ problem: { kind: 'seqOutside' } })
    expect(positionOfSeq(l.envelopes, 'soon')).toMatchObject({ problem: { kind: 'notSeq' } })
    expect(positionOfSeq(gapped, '44')).toEqual({
      ok: false,
      problem: { kind: 'seqMissing', seq: 44 },
    })
    expect(positionOfSeq([], '0')).toMatchObject({ problem: { kind: 'emptyLog' } })
    expect(positionOfTime(l.envelopes, 10_000, '1.5')).toEqual({ ok: true, step: 4 })
    expect(positionOfTime(l.envelopes, 10_000, '4')).toEqual({ ok: true, step: 9 })
    expect(positionOfTime(l.envelopes, 10_000, '4.001')).toEqual({
      ok: false,
      problem: { kind: 'timeOutside', ms: 4001, duration: 4000 },
    })
    expect(positionOfTime(l.envelopes, 10_000, '1:99')).toMatchObject({
      problem: { kind: 'notTime' },
    })
  })

  it('resolves a name to the uids and user ids it goes by, and a uid to the names', () => {
    const events: Event[] = [
      ...kickedMeeting(),
      { type: 'rtc/userJoined', uid: '300' } as Event,
      { type: 'rtm/memberLeft', uid: '300' } as Event,
    ]
    const people = buildPeopleDirectory(log(events).envelopes)
    const pick = (user: string) =>
      events
        .filter((e) => matchesFilter(e, { user, people: people.resolve(user) }))
        .map((e) => e.type)
    // The member record ties 'Name 300' to uid 300 and user-300: events with only the uid count.
    expect(people.resolve('name 300')).toEqual(new Set(['300', 'user-300', 'name 300']))
    expect(pick('Name 300')).toEqual(['msg/memberChanged', 'rtc/userJoined', 'rtm/memberLeft'])
    // Without the directory a name finds only the events that carry that name.
    expect(events.filter((e) => matchesFilter(e, { user: 'Name 300' })).map((e) => e.type)).toEqual(
      ['msg/memberChanged'],
    )
    // And back: a uid finds an event that names the person only (the kick by 'Name 100').
    expect(pick('100')).toContain('life/kicked')
    expect(people.resolve('')).toEqual(new Set())
  })
})
