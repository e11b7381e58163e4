import {
  distinctUntilChanged,
  EMPTY,
  exhaustMap,
  filter,
  map,
  mergeMap,
  switchMap,
  timer,
  withLatestFrom,
} from 'rxjs'
import type { Effect } from '../core/store'
import { ofType } from '../core/of-type'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import type { Toast } from '../projections/ui'
import {
  COUNTDOWN_REFRESH_MS,
  FIRST_LIVE_STATE_DELAY_MS,
  SHARE_LAYOUT_DELAY_MS,
} from '../wire/constants'
import { Role } from '../wire/roles'
import { restCall } from './errors'

type RoomEffect = Effect<State, Event, Deps>

/** A pending redirect fires after its delay ([END-2] 1500/2000 ms, [INACTIVE-3] 1000 ms, [PROJ-3] 2000 ms). */
export const redirectEffect: RoomEffect = (_event$, state$, { scheduler }) =>
  state$.pipe(
    map((s) => s.ui.redirect),
    distinctUntilChanged((a, b) => a?.id === b?.id && a?.due === b?.due),
    switchMap((r) =>
      r && !r.due
        ? timer(r.delay, scheduler).pipe(
            map((): Event => ({ type: 'timer/redirectDue', id: r.id })),
          )
        : EMPTY,
    ),
  )

/** Every toast expires after its duration ([ERR-2]: 2000 ms, warnings 5000 ms). */
export const toastEffect: RoomEffect = (_event$, state$, { scheduler }) => {
  const scheduled = new Set<number>()
  return state$.pipe(
    map((s) => s.ui.toasts),
    distinctUntilChanged(),
    mergeMap((toasts) => {
      const fresh = toasts.filter((t) => !scheduled.has(t.id))
      fresh.forEach((t) => scheduled.add(t.id))
      return fresh
    }),
    mergeMap((t: Toast) =>
      timer(t.duration, scheduler).pipe(
        map((): Event => ({ type: 'timer/toastExpired', id: t.id })),
      ),
    ),
  )
}

const sharing = (s: State) => s.conference.shareBoard === 1 || s.conference.shareScreen === 1

/** [MAIN-2] The share layout follows 500 ms after a share change (a newer change restarts it). */
export const shareLayoutEffect: RoomEffect = (_event$, state$, { scheduler }) =>
  state$.pipe(
    map(sharing),
    distinctUntilChanged(),
    switchMap((on) =>
      timer(SHARE_LAYOUT_DELAY_MS, scheduler).pipe(
        withLatestFrom(state$),
        filter(([, s]) => s.layout.sharing !== on),
        map((): Event => ({ type: 'timer/shareLayoutDue', sharing: on })),
      ),
    ),
  )

/** [LIVE-3] An audience's first END is applied 8000 ms later. */
export const liveStateDelayEffect: RoomEffect = (_event$, state$, { scheduler }) =>
  state$.pipe(
    map((s) => s.live.pending),
    distinctUntilChanged(),
    switchMap((pending) =>
      pending === null
        ? EMPTY
        : timer(FIRST_LIVE_STATE_DELAY_MS, scheduler).pipe(
            map((): Event => ({ type: 'timer/liveStateDue', liveState: pending })),
          ),
    ),
  )

/** [COUNT-1] [ROLE-3] For hosts in the room, the remaining time is refreshed every 600000 ms. */
export const countdownTimerEffect: RoomEffect = (_event$, state$, { scheduler }) =>
  state$.pipe(
    map((s) => s.me?.role === Role.host && s.session.phase === 'inRoom' && !s.session.ended),
    distinctUntilChanged(),
    switchMap((on) =>
      on
        ? timer(0, COUNTDOWN_REFRESH_MS, scheduler).pipe(
            map((): Event => ({ type: 'timer/countdownDue' })),
          )
        : EMPTY,
    ),
  )

/** [COUNT-1] [COUNT-3] Each refresh loads the remaining minutes; a failure subtracts 5 (reducer). */
export const countdownFetchEffect: RoomEffect = (event$, state$, { rest }) =>
  event$.pipe(
    ofType('timer/countdownDue'),
    withLatestFrom(state$),
    exhaustMap(([, s]) =>
      s.room
        ? restCall(
            'loadSurplus',
            () => rest.loadSurplus((s.room as NonNullable<State['room']>).roomUuid),
            (minutes) => ({ type: 'rest/surplusLoaded', minutes }),
          )
        : EMPTY,
    ),
  )
