import { Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '@streams/core/envelope'
import type { Event } from '@streams/events'
import { initialState, reduce, type State } from '@streams/projections'
import { stateFromJson } from '@streams/projections/codec'
import { createRecorder } from '@streams/recorder/recorder'
import { diffStates } from '@streams/replay/diff'
import { createReplay, replayNdjson } from '@streams/replay/engine'
import { describeProblem, LogFormatError, readLog } from '@streams/replay/read'
import { toNdjson } from '@streams/recorder/format'
import { Cmd } from '@streams/wire/channel'
import { byHost, entry, me, member, msg, roomInfo } from '../fixtures'

/** A short meeting as events: entry, members, chat, a mute-all, a kick, a layout and timers. */
function meeting(): Event[] {
  const events: Event[] = [
    { type: 'life/appStarted', mobile: false, mode: 'local' },
    {
      type: 'ui/joinSubmitted',
      form: { roomName: 'Room', userName: 'Ann', roomType: 1, role: 2, password: 'hunter2' },
    },
    { type: 'rest/roomEntered', data: entry(me('200'), roomInfo()) },
    { type: 'rtm/channelJoined', channel: 'ch1', members: ['100', '200'] },
    { type: 'life/entered', roomId: 'r1', uid: '200' },
    {
      type: 'rest/usersLoaded',
      users: [member('100', { role: 1 }), member('300', { enableAudio: 1 })],
      total: 2,
    },
  ]
  for (let i = 0; i < 40; i++) {
    events.push(
      msg(Cmd.chat, { userId: 'user-300', userName: 'Name 300', message: `line ${i}` }, '300'),
    )
    events.push(msg(Cmd.memberChanged, { ...byHost, type: 'join', member: member(`${1000 + i}`) }))
  }
  events.push(
    msg(Cmd.roomInfo, { ...byHost, muteAllAudio: 1 }),
    msg(Cmd.layout, {
      ...byHost,
      layout: 'p_9_1',
      positions: [{ uid: '300', type: 'right' }],
      largeUid: '300',
    }),
    msg(Cmd.kickOut, { ...byHost, uid: '1005' }),
    { type: 'rule/refused', action: 'setHost', message: 'no matching audience' },
    { type: 'timer/toastExpired', id: 1 },
    {
      type: 'rest/tokenRefreshed',
      rtcToken: 'rtc-new',
      rtmToken: 'rtm-new',
      screenToken: 'scr-new',
    },
  )
  return events
}

function record(events: Event[], window?: number) {
  const envelope$ = new Subject<Envelope<Event>>()
  const recorder = createRecorder<State, Event>({
    envelope$,
    initialState,
    reduce,
    app: 'test',
    startedAt: 1000,
    window,
  })
  events.forEach((event, seq) => envelope$.next({ seq, at: 1000 + seq, event }))
  return recorder
}

const live = (events: Event[]) => events.reduce(reduce, initialState)

/** The state as JSON, with every secret the recorder redacts replaced the same way. */
const json = (s: unknown) => JSON.parse(JSON.stringify(s))

describe('replay', () => {
  it('folds a recorded log with the same reducers into the state the session had (secrets redacted)', () => {
    const events = meeting()
    const text = record(events).toNdjson()
    expect(text).not.toMatch(/hunter2|rtc-secret|rtm-new/)
    const replay = replayNdjson(text)
    expect(replay.length).toBe(events.length)
    const replayed = replay.stateAt(replay.length)
    const original = live(events)
    expect(replayed.users.audiences.size).toBe(original.users.audiences.size)
    expect(replayed.chat.messages.size).toBe(40)
    expect(replayed.layout.layout).toBe('p_9_1')
    expect(replayed.me?.rtcToken).toBe('[redacted]')
    expect(json({ ...replayed, me: null })).toEqual(json({ ...original, me: null }))
  })

  it('replays on its own after the window wrapped: the header snapshot is the starting state', () => {
    const events = meeting()
    const recorder = record(events, 25)
    const log = readLog(recorder.toNdjson())
    expect(log.envelopes).toHaveLength(25)
    expect(log.header.snapshot?.seq).toBe(events.length - 25)
    const replay = createReplay(log)
    const end = replay.stateAt(replay.length)
    expect(json({ ...end, me: null })).toEqual(json({ ...live(events), me: null }))
    // the starting state is the snapshot, persistent maps and chat rebuilt
    expect(replay.stateAt(0).users.audiences.get('300')?.userName).toBe('Name 300')
  })

  it('seeks to any step from checkpoints and agrees with a fold from the start', () => {
    const events = meeting()
    const replay = createReplay(readLog(record(events).toNdjson()), { checkpointEvery: 7 })
    const log = readLog(record(events).toNdjson())
    for (const n of [0, 1, 6, 7, 8, 33, 50, events.length - 1, events.length]) {
      const expected = log.envelopes.slice(0, n).reduce((s, e) => reduce(s, e.event), initialState)
      expect(json(replay.seek(n))).toEqual(json(expected))
      expect(replay.position).toBe(n)
    }
  })

  it('gives the state diff between two steps as leaf paths', () => {
    const events = meeting()
    const replay = createReplay(readLog(record(events).toNdjson()))
    const at = events.findIndex((e) => e.type === 'msg/roomInfoChanged')
    const changes = replay.diff(at, at + 1)
    const paths = changes.map((c) => c.path)
    expect(paths).toContain('conference.muteAllAudio')
    expect(paths).toContain('users.audiences.300.enableAudio')
    expect(changes.find((c) => c.path === 'users.audiences.300.enableAudio')).toEqual({
      path: 'users.audiences.300.enableAudio',
      before: 1,
      after: 0,
    })
    const chatAt = events.findIndex((e) => e.type === 'msg/chatReceived')
    expect(replay.diff(chatAt, chatAt + 1).map((c) => c.path)).toEqual(['chat.messages.0'])
    expect(diffStates(initialState, initialState)).toEqual([])
  })

  it('migrates older log formats on read and refuses newer ones', () => {
    const v0 = [
      JSON.stringify({ kind: 'roomcast-session-log', format: 0, app: 'old', startedAt: 1 }),
      JSON.stringify({ n: 0, t: 5, e: { type: 'rtm/memberCountUpdated', count: 3 } }),
    ].join('\n')
    expect(() => readLog(v0)).toThrow(LogFormatError)
    const log = readLog(v0, {
      0: ({ header, envelopes }) => ({
        header,
        envelopes: envelopes.map((x) => {
          const old = x as { n: number; t: number; e: Event }
          return { seq: old.n, at: old.t, event: old.e }
        }),
      }),
    })
    expect(log.header.format).toBe(1)
    expect(createReplay(log).stateAt(1).session.onlineCount).toBe(3)
    const v9 = JSON.stringify({ kind: 'roomcast-session-log', format: 9, app: 'new', startedAt: 1 })
    expect(() => readLog(v9)).toThrow(/newer/)
    expect(() => readLog('{"hello":1}')).toThrow(/not a session log/)
  })

  it('skips and lists a line that is not an envelope, and reads the rest', () => {
    const header = JSON.stringify({
      kind: 'roomcast-session-log',
      format: 1,
      app: 't',
      startedAt: 1,
    })
    const at = (seq: number) =>
      JSON.stringify({ seq, at: seq + 1, event: { type: 'rtm/memberCountUpdated', count: seq } })
    for (const bad of [
      '{"seq":1,"at":2}',
      '{"seq":1,"event":{"count":2}}',
      '{"seq":1,"event":{"type":"rtm/memberCountUpdated","count":2}}',
      '{"seq":1,"at":2,"event":{"count":2}}',
      '{"event":{"type":"x"}}',
      '7',
      'null',
      'garbage {',
    ]) {
      const log = readLog([header, at(0), bad, at(1)].join('\n') + '\n')
      expect(log.envelopes.map((e) => e.seq)).toEqual([0, 1])
      expect(log.problems).toEqual([{ kind: 'garbage', line: 3, text: bad }])
    }
    expect(readLog([header, at(0)].join('\n')).envelopes[0]?.event.type).toBe(
      'rtm/memberCountUpdated',
    )
  })

  it('drops a cut-off last line with a warning, and keeps every whole one', () => {
    const text = record(meeting()).toNdjson()
    const whole = readLog(text)
    expect(whole.problems).toEqual([])
    const cut = text.slice(0, text.length - 25)
    const log = readLog(cut)
    expect(log.envelopes).toHaveLength(whole.envelopes.length - 1)
    expect(log.problems).toHaveLength(1)
    expect(log.problems?.[0]).toMatchObject({ kind: 'truncated', line: whole.envelopes.length + 1 })
    expect(describeProblem(log.problems![0]!)).toMatch(/cut off and is dropped/)
    // the same broken line followed by a newline was not cut off by the end: it is garbage
    expect(readLog(cut + '\n').problems?.[0]?.kind).toBe('garbage')
  })

  it('notes a gap in seq as a problem and a timeline marker, and replays what is there', () => {
    const events = meeting()
    const log = readLog(record(events).toNdjson())
    const kept = log.envelopes.filter((e) => e.seq < 10 || e.seq > 14)
    const replay = createReplay({ header: log.header, envelopes: kept, problems: [] })
    const gapped = createReplay(readLog(toNdjson(log.header, kept)))
    expect(gapped.problems).toEqual([{ kind: 'gap', line: 12, index: 10, from: 10, to: 14 }])
    expect(describeProblem(gapped.problems[0]!)).toBe(
      'events #10 to #14 are missing (5, before line 12)',
    )
    expect(gapped.markers.find((m) => m.index === 10)?.kinds).toContain('gap')
    expect(replay.markers.some((m) => m.kinds.includes('gap'))).toBe(false)
    expect(json(gapped.stateAt(gapped.length))).toEqual(json(replay.stateAt(replay.length)))
  })

  it('still refuses what is no session log at all', () => {
    expect(() => readLog('')).toThrow(/empty log/)
    expect(() => readLog('garbage\n{"seq":0}')).toThrow(/not a session log/)
  })

  it('rebuilds a state from its JSON form', () => {
    const original = live(meeting())
    const back = stateFromJson(json(original))
    expect(json(back)).toEqual(json(original))
    expect(back.users.audiences.get('1001')?.uid).toBe('1001')
    expect(back.chat.messages.get(39)?.data.message).toBe('line 39')
  })
})
