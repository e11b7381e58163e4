import { exhaustMap, filter, map, mergeMap, of, withLatestFrom, type Observable } from 'rxjs'
import type { Effect } from '../core/store'
import { ofType } from '../core/of-type'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import { selectCan } from '../selectors/permissions'
import { Cmd } from '../wire/channel'
import { NOT_LOGGED_IN, RECORDING_MIN_SECONDS } from '../wire/constants'
import { say } from './announce'
import { restCall } from './errors'

type RoomEffect = Effect<State, Event, Deps>
type Room = NonNullable<State['room']>

/** [API-2] A body code 10011 or 20003 rejects the call and starts the login flow. */
export const loginFlowEffect: RoomEffect = (event$) =>
  event$.pipe(
    filter(
      (e): e is Extract<Event, { type: 'rest/callFailed' | 'rest/roomEntryFailed' }> =>
        (e.type === 'rest/callFailed' || e.type === 'rest/roomEntryFailed') &&
        e.code !== undefined &&
        (NOT_LOGGED_IN as readonly number[]).includes(e.code),
    ),
    map((e): Event => ({
      type: 'auth/loginRequired',
      call: e.type === 'rest/callFailed' ? e.call : 'enterRoom',
    })),
  )

/** A like: the server counts it and answers the total ([LIKE-1]). */
export const likeEffect: RoomEffect = (event$, state$, { rest }) =>
  event$.pipe(
    ofType('ui/likeClicked'),
    withLatestFrom(state$),
    filter(([, s]) => s.room !== null && selectCan(s, 'like')),
    mergeMap(([, s]) =>
      restCall(
        'like',
        () => rest.like((s.room as Room).roomUuid),
        (answer) => ({ type: 'rest/liked', likeTotal: answer.likeTotal }),
      ),
    ),
  )

/** A social business toast (cheers, raising a glass) that a client may say itself ([MSG-10]). */
export const businessEffect: RoomEffect = (event$, state$, deps) =>
  event$.pipe(
    ofType('ui/businessSent'),
    withLatestFrom(state$),
    filter(
      ([e, s]) =>
        s.me !== null && selectCan(s, 'sendBusiness') && e.kind !== 'lucky' && e.kind !== 'signIn',
    ),
    mergeMap(([e, s]) =>
      say(deps, Cmd.nxBusiness, {
        userId: s.me?.userId ?? '',
        userName: s.me?.userName ?? '',
        type: e.kind,
        ...(e.targetName ? { targetName: e.targetName } : {}),
      }),
    ),
  )

/** Staying in an inactive room: the server is told. */
export const inactiveStayEffect: RoomEffect = (event$, state$, { rest }) =>
  event$.pipe(
    ofType('ui/inactiveStayClicked'),
    withLatestFrom(state$),
    filter(([, s]) => s.room !== null),
    exhaustMap(([, s]) =>
      restCall(
        'removeInactive',
        () => rest.removeInactive((s.room as Room).roomId),
        () => ({ type: 'rest/inactiveRemoved' }),
      ),
    ),
  )

/** Cloud recording: start, and stop only after 15 seconds ([REC-2] 'recording too short'). */
export const recordingEffect: RoomEffect = (event$, state$, deps) =>
  event$.pipe(
    ofType('ui/recordingToggled'),
    withLatestFrom(state$),
    filter(([, s]) => s.room !== null && selectCan(s, 'startRecording')),
    exhaustMap(([e, s]): Observable<Event> => {
      const roomId = (s.room as Room).roomId
      if (e.on)
        return restCall(
          'startRecording',
          () => deps.rest.startRecording(roomId),
          () => ({
            type: 'rest/recordingStarted',
            startedAt: deps.now(),
          }),
        )
      const started = s.live.recordingStartedAt
      if (started !== null && deps.now() - started < RECORDING_MIN_SECONDS * 1000)
        return of({ type: 'rule/refused', action: 'stopRecording', message: 'recording too short' })
      return restCall(
        'stopRecording',
        () => deps.rest.stopRecording(roomId),
        () => ({ type: 'rest/recordingStopped' }),
      )
    }),
  )
