import {
  catchError,
  combineLatest,
  concatMap,
  debounceTime,
  distinctUntilChanged,
  EMPTY,
  filter,
  ignoreElements,
  map,
  mergeMap,
  of,
  scan,
  skipWhile,
  startWith,
  switchMap,
  timer,
  withLatestFrom,
  type Observable,
} from 'rxjs'
import { ofType } from '../core/of-type'
import type { Effect } from '../core/store'
import type { Event } from '../events'
import type { Deps, LivePush } from '../ports'
import type { State } from '../projections'
import type { Room } from '../projections/room'
import { selectLivePush } from '../selectors/live-push'
import type { LiveSetting } from '../wire/rest/live'
import { callFailed, messageOf, once } from './errors'

type RoomEffect = Effect<State, Event, Deps>

/** Layout changes settle this long before Agora is told (it warns of too frequent requests). */
export const LIVE_LAYOUT_SETTLE_MS = 500
/** A push that failed is tried again this long after its last failure. */
export const LIVE_PUSH_RETRY_MS = 5000

const sameTargets = (a: LivePush['targets'], b: LivePush['targets']) =>
  a.length === b.length &&
  a.every(
    (t, i) =>
      t.streamId === b[i]!.streamId &&
      t.url === b[i]!.url &&
      t.interpreterUid === b[i]!.interpreterUid,
  )

const sameUids = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i])

const sameImages = (a: LivePush['images'], b: LivePush['images']) =>
  a.length === b.length &&
  a.every((i, n) => {
    const j = b[n]!
    return (
      i.url === j.url &&
      i.x === j.x &&
      i.y === j.y &&
      i.width === j.width &&
      i.height === j.height &&
      i.alpha === j.alpha
    )
  })

/** Two pushes alike in everything the adapter is told (the tiles compared field by field). */
export function samePush(a: LivePush | null, b: LivePush | null): boolean {
  if (a === b) return true
  if (!a || !b) return false
  return (
    a.backgroundImage === b.backgroundImage &&
    sameImages(a.images, b.images) &&
    sameTargets(a.targets, b.targets) &&
    a.paused === b.paused &&
    sameUids(a.voices, b.voices) &&
    sameUids(a.heard, b.heard) &&
    sameUids(a.interpreters, b.interpreters) &&
    a.tiles.length === b.tiles.length &&
    a.tiles.every((t, i) => {
      const u = b.tiles[i]!
      return (
        t.uid === u.uid &&
        t.x === u.x &&
        t.y === u.y &&
        t.width === u.width &&
        t.height === u.height &&
        t.zOrder === u.zOrder
      )
    })
  )
}

/**
 * Agora mode's live ([LIVE-1]): the first host's client has Agora transcode and push the room.
 * What it pushes (selectLivePush: the CDN layout of the people, shares and voices now, or a still
 * background while paused; to the room's push URL and every language stream's, as the last live
 * setting says) goes to the media adapter when it changes, once it has settled for
 * LIVE_LAYOUT_SETTLE_MS; null (READY, END, no longer the first host) stops every push. A push
 * that failed is tried again LIVE_PUSH_RETRY_MS after the last failure. Local mode's server
 * pushes itself: nothing runs there.
 */
export const livePushEffect: RoomEffect = (event$, state$, deps) => {
  const setting$: Observable<LiveSetting | null> = event$.pipe(
    ofType('rest/liveSettingLoaded'),
    map((e) => e.setting),
    startWith(null),
  )
  const retries$ = event$.pipe(
    ofType('rtc/livePushChanged'),
    filter((e) => e.state === 'retrying'),
    switchMap(() => timer(LIVE_PUSH_RETRY_MS, deps.scheduler)),
    scan((n) => n + 1, 0),
    startWith(0),
  )
  // The board's stage uid while my client publishes the board's picture (board-stage.ts).
  const boardUid$ = event$.pipe(
    ofType('rtc/boardStagePublished', 'rtc/boardStageStopped', 'rtc/boardStageFailed'),
    map((e) => (e.type === 'rtc/boardStagePublished' ? e.uid : '')),
    startWith(''),
  )
  const push$ = combineLatest([state$, setting$, boardUid$]).pipe(
    filter(() => deps.mode === 'agora'),
    map(([s, setting, boardUid]) => selectLivePush(s, setting, boardUid)),
    // Only a change restarts the settling time (the state changes with every event).
    distinctUntilChanged(samePush),
    skipWhile((push) => push === null),
    debounceTime(LIVE_LAYOUT_SETTLE_MS, deps.scheduler),
    // A change undone within the settling time is no change.
    distinctUntilChanged(samePush),
  )
  return combineLatest([push$, retries$]).pipe(
    map(([push]) => push),
    concatMap((push) => {
      const pushLive = deps.media.pushLive?.bind(deps.media)
      if (!pushLive) return EMPTY
      return once(() => pushLive(push)).pipe(
        ignoreElements(),
        catchError((error: unknown): Observable<Event> =>
          of({ type: 'rtc/exceptionRaised', code: 'LIVE_PUSH', message: messageOf(error) }),
        ),
      )
    }),
  )
}

/**
 * How each push goes reaches the server, where the hosts read it as local mode's push states
 * (the Streaming URLs dialog): one report per change; an ended push is the live's end, which the
 * server knows already.
 */
export const livePushReportEffect: RoomEffect = (event$, state$, { rest }) =>
  event$.pipe(
    ofType('rtc/livePushChanged'),
    filter((e) => e.state !== 'ended'),
    withLatestFrom(state$),
    filter(([, s]) => s.room !== null),
    mergeMap(([e, s]) =>
      once(() =>
        rest.reportLivePush((s.room as Room).roomId, {
          streamId: e.streamId,
          state: e.state,
          ...(e.reason ? { reason: e.reason.slice(0, 500) } : {}),
        }),
      ).pipe(
        ignoreElements(),
        catchError((error: unknown) => of(callFailed('reportLivePush', error))),
      ),
    ),
  )
