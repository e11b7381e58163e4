import { Subject } from 'rxjs'
import type { Envelope } from '@streams/core/envelope'
import type { Event } from '@streams/events'
import { initialState, reduce, type State } from '@streams/projections'
import { createRecorder } from '@streams/recorder/recorder'
import { Cmd } from '@streams/wire/channel'
import { byHost, entry, me, member, msg, roomDetail, roomInfo } from '../../streams/fixtures'

/**
 * A short recorded session, as the live store and its effects fold it (the effects' answers are
 * events of the log too): Ann's first join fails (no password), the second enters room "Room
 * one" as a conferee, chat and a member arrive, the host mutes everyone, a refusal toasts, then
 * the host "Name 100" removes Ann: the kick box names him. No test framework here: the e2e
 * spec writes this log to a file too.
 */
export const KICKER = 'Name 100'
export const STARTED_AT = 1_700_000_000_000

/** Each event with the ms after the start it was folded at. */
export function kickSessionEvents(): [number, Event][] {
  const form = { roomName: 'Room one', userName: 'Ann', roomType: 1 as const, role: 2 as const }
  return [
    [0, { type: 'life/appStarted', mobile: false, mode: 'local' }],
    [0, { type: 'device/listChanged', devices: [] }],
    [4_200, { type: 'ui/joinSubmitted', form: { ...form, password: '' } }],
    [9_850, { type: 'ui/joinSubmitted', form: { ...form, password: 'hunter2' } }],
    [10_120, { type: 'rest/roomEntered', data: entry(me('200', { userName: 'Ann' }), roomInfo()) }],
    [10_340, { type: 'rtm/channelJoined', channel: 'ch1', members: ['100', '200', '300'] }],
    [10_341, { type: 'life/entered', roomId: 'r1', uid: '200' }],
    [
      10_600,
      {
        type: 'rest/usersLoaded',
        users: [member('100', { role: 1 }), member('300', { enableAudio: 1 })],
        total: 2,
      },
    ],
    [10_610, { type: 'rest/roomLoaded', room: roomDetail() }],
    [10_640, { type: 'rest/usersAmountLoaded', usersAmount: 3 }],
    [11_020, { type: 'rtc/joined', uid: '200' }],
    [
      15_500,
      msg(Cmd.chat, { userId: 'user-300', userName: 'Name 300', message: 'hello Ann' }, '300'),
    ],
    [21_250, msg(Cmd.memberChanged, { ...byHost, type: 'join', member: member('400') })],
    [30_000, msg(Cmd.roomInfo, { ...byHost, muteAllAudio: 1 })],
    [33_333, { type: 'rule/refused', action: 'setHost', message: 'no matching audience' }],
    [35_333, { type: 'timer/toastExpired', id: 1 }],
    [62_500, msg(Cmd.kickOut, { ...byHost, uid: '200', reason: 'kickUserBy' })],
    [62_500, { type: 'life/kicked', by: KICKER, reason: 'kickUserBy' }],
    [62_501, { type: 'life/exited', reason: 'kicked' }],
  ]
}

/** The session recorded by the client's own recorder (secrets redacted), as NDJSON. */
export function kickSessionLog(): string {
  const envelope$ = new Subject<Envelope<Event>>()
  const recorder = createRecorder<State, Event>({
    envelope$,
    initialState,
    reduce,
    app: '0.1.0',
    startedAt: STARTED_AT,
  })
  kickSessionEvents().forEach(([ms, event], seq) =>
    envelope$.next({ seq, at: STARTED_AT + ms, event }),
  )
  return recorder.toNdjson()
}

/** The seq of the first event of a type in the log above. */
export function seqOf(type: Event['type']): number {
  const seq = kickSessionEvents().findIndex(([, e]) => e.type === type)
  if (seq < 0) throw new Error(`no ${type} in the kick session`)
  return seq
}

/**
 * A longer session for the worker's fold: Ann enters as in the kick session, then `count`
 * events, one every 100 ms: chat lines from the room (the chat grows with the log) and members
 * arriving. Recorded by the client's recorder, as NDJSON.
 */
export function longSessionLog(count: number): string {
  const entered = kickSessionEvents().slice(0, 11)
  const envelope$ = new Subject<Envelope<Event>>()
  const recorder = createRecorder<State, Event>({
    envelope$,
    initialState,
    reduce,
    app: '0.1.0',
    startedAt: STARTED_AT,
  })
  const events: Event[] = entered.map(([, e]) => e)
  for (let i = 0; i < count; i++)
    events.push(
      i % 4 === 3
        ? msg(Cmd.memberChanged, { ...byHost, type: 'join', member: member(`${5000 + i}`) })
        : msg(Cmd.chat, { userId: 'user-300', userName: 'Name 300', message: `line ${i}` }, '300'),
    )
  events.forEach((event, seq) => envelope$.next({ seq, at: STARTED_AT + seq * 100, event }))
  return recorder.toNdjson()
}
