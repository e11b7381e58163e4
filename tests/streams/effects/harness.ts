import { NEVER, of, type Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { expect } from 'vitest'
import { createStore, type Effect, type Store } from '@streams/core/store'
import type { Event } from '@streams/events'
import type {
  BoardPort,
  Deps,
  DevicesPort,
  MediaPort,
  MessagingPort,
  Mode,
  RestPort,
} from '@streams/ports'
import { memoryStorage } from '@streams/ports'
import { reduce, type State } from '@streams/projections'
import { languageStream, liveSetting, member, roomDetail } from '../fixtures'

/** A recorded port call: the port, the method and its arguments. */
export type Call = [string, ...unknown[]]

type Answers = Record<string, (...args: unknown[]) => unknown>

/**
 * A fake port: every method records its call and answers `of(value)` (or what `answers` gives,
 * e.g. a cold observable that errors after some frames).
 */
function fakePort<T extends object>(
  name: string,
  calls: Call[],
  answers: Answers,
  defaults: Answers,
  extra: object = {},
): T {
  return new Proxy(extra as T, {
    get(target, key: string) {
      if (key in target) return (target as Record<string, unknown>)[key]
      return (...args: unknown[]) => {
        calls.push([`${name}.${key}`, ...args])
        const answer = answers[key] ?? defaults[key]
        return answer ? answer(...args) : of(undefined)
      }
    },
  })
}

const restDefaults: Answers = {
  loadUsers: () =>
    of({ list: [member('100', { role: 1 }), member('300')], total: 2, page: 1, size: 500 }),
  loadRoom: () => of({ room: roomDetail(), user: null }),
  loadBoard: () => of({ boardId: 'b1', boardToken: 'bt' }),
  refreshToken: () => of({ rtcToken: 'rtc2', rtmToken: 'rtm2', screenToken: 'scr2' }),
  loadUsersAmount: () => of({ roomId: 'r1', usersAmount: 12, hotNum: 3 }),
  loadHotNum: () => of({ roomId: 'r1', hotNum: 345 }),
  loadLiveSetting: () =>
    of(
      liveSetting({
        liveState: 1,
        liveOpen: 1,
        streamingUrls: [
          languageStream({
            streamId: 's1',
            languageType: 'zh',
            languageName: '中文',
            pullUrl: 'https://cdn/live.m3u8',
          }),
        ],
      }),
    ),
  loadPlayback: () =>
    of({ roomId: 'r1', uploadedVideoUrl: 'https://cdn/v1.mp4', recordingFileListVos: [] }),
  loadSurplus: () => of(30),
  like: () => of({ roomUuid: 'room-uuid-1', likeTotal: 7 }),
  loadProjectionUsers: () => of([{ uid: '300', userId: 'user-300', userName: 'Name 300' }]),
  sendApply: () => of({ to: '100', delivered: true }),
  sendInvite: (_roomId: unknown, uid: unknown) => of({ to: uid, delivered: true }),
}

export interface Fakes {
  rest?: Answers
  messaging?: Answers
  media?: Answers
  board?: Answers
  devices?: Answers
  mode?: Mode
  random?: () => number
  events$?: Observable<Event>
}

export function fakeDeps(scheduler: TestScheduler, fakes: Fakes = {}): Deps & { calls: Call[] } {
  const calls: Call[] = []
  let id = 0
  return {
    calls,
    rest: fakePort<RestPort>('rest', calls, fakes.rest ?? {}, restDefaults),
    messaging: fakePort<MessagingPort>(
      'messaging',
      calls,
      fakes.messaging ?? {},
      { join: () => of(['200']) },
      {
        events$: fakes.events$ ?? NEVER,
      },
    ),
    media: fakePort<MediaPort>('media', calls, fakes.media ?? {}, {}, { events$: NEVER }),
    board: fakePort<BoardPort>('board', calls, fakes.board ?? {}, {}, { events$: NEVER }),
    devices: fakePort<DevicesPort>(
      'devices',
      calls,
      fakes.devices ?? {},
      { list: () => of([]) },
      { events$: NEVER },
    ),
    storage: memoryStorage(),
    now: () => scheduler.now(),
    scheduler,
    newId: () => `id${++id}`,
    random: fakes.random ?? (() => 0.5),
    mode: fakes.mode ?? 'local',
  }
}

export const testScheduler = () =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected))

/** One envelope as seen: the virtual time it was folded at and its event. */
export interface Seen {
  readonly at: number
  readonly event: Event
}

export interface Harness {
  readonly store: Store<State, Event>
  readonly deps: Deps & { calls: Call[] }
  /** Every folded event after the start, with its virtual time. */
  readonly seen: Seen[]
  /** The types of what was folded, optionally with their times. */
  types(): string[]
  timed(): string[]
  calls(prefix?: string): Call[]
}

/**
 * Runs effects over a real store in virtual time: `script` dispatches events at frames (with
 * `at`), then the scheduler is flushed up to `until` ms and the store stopped.
 */
export function runEffects(
  initial: State,
  effects: readonly Effect<State, Event, Deps>[],
  script: (h: Harness, at: (ms: number, event: Event) => void) => void,
  options: Fakes & { until?: number } = {},
): Harness {
  const scheduler = testScheduler()
  let harness: Harness | undefined
  scheduler.run(({ flush }) => {
    const deps = fakeDeps(scheduler, options)
    const store = createStore<State, Event, Deps>({
      initialState: initial,
      reduce,
      now: () => scheduler.now(),
      effects,
      deps,
      // A throw shows in `seen`, so a test that lists events sees it.
      effectFailed: (effect, error) => ({
        type: 'life/effectFailed',
        effect,
        message: error instanceof Error ? error.message : String(error),
      }),
    })
    const seen: Seen[] = []
    store.envelope$.subscribe((e) => seen.push({ at: e.at, event: e.event }))
    const h: Harness = {
      store,
      deps,
      seen,
      types: () => seen.map((s) => s.event.type),
      timed: () => seen.map((s) => `${s.at} ${s.event.type}`),
      calls: (prefix = '') => deps.calls.filter((c) => c[0].startsWith(prefix)),
    }
    harness = h
    script(h, (ms, event) => scheduler.schedule(() => store.dispatch(event), ms))
    scheduler.schedule(() => store.stop(), options.until ?? 100_000)
    flush()
  })
  return harness as unknown as Harness
}
