import {
  catchError,
  concat,
  EMPTY,
  filter,
  ignoreElements,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  withLatestFrom,
  type Observable,
} from 'rxjs'
import type { Effect } from '../core/store'
import { ofType } from '../core/of-type'
import type { EndReason, Event } from '../events'
import type { Deps } from '../ports'
import type { Io } from '../ports/io'
import { reachesReducers, type State } from '../projections'
import { isLiveOn, isMediaHost, isOnCdnWatch } from '../projections/derive'
import { ExitReason, LiveState, ROOM_STATE_ENDED } from '../wire/constants'
import { Role } from '../wire/roles'
import { callFailed, ErrorText, once } from './errors'

type RoomEffect = Effect<State, Event, Deps>

/** Channel events that reach the reducers ([MSG-5]), with the state after folding them. */
export function channel$(event$: Observable<Event>, state$: Observable<State>) {
  return event$.pipe(
    withLatestFrom(state$),
    filter(([event, state]) => reachesReducers(state, event)),
  )
}

/** A port call whose errors are warned and ignored ([EXIT-3]). */
function quietly(call: () => Io<unknown>): Observable<never> {
  return once(call).pipe(
    ignoreElements(),
    catchError(() => EMPTY),
  )
}

/** Leaves the channels: messaging (and logs out), the board, and media unless skipped. */
function leaveAll(deps: Deps, media: boolean): Observable<never> {
  return concat(
    quietly(() => deps.messaging.leave()),
    quietly(() => deps.messaging.logout()),
    quietly(() => deps.board.leave()),
    media ? quietly(() => deps.media.leave()) : EMPTY,
  )
}

/**
 * Leaving: [BOARD-7] the board creator ends its board share and [SCREEN-2] a screen sharer stops
 * first; then the exit call ([EXIT-2] a non-zero code fails the exit with 'exit meeting backend
 * request error' and I stay); then messaging and media leave, their errors ignored ([EXIT-3]).
 */
export const exitEffect: RoomEffect = (event$, state$, deps) =>
  event$.pipe(
    ofType('ui/leaveClicked'),
    withLatestFrom(state$),
    filter(([, s]) => s.session.phase === 'leaving'),
    switchMap(([, s]): Observable<Event> => {
      const { room, me } = s
      if (!room || !me) return of({ type: 'life/exited', reason: 'leave' })
      const creator = s.conference.createBoardUserId === me.uid && s.conference.shareBoard === 1
      const sharing = s.users.shareScreenUsers.has(me.uid)
      const before = concat(
        creator ? quietly(() => deps.rest.updateShareBoard(room.roomId, 0)) : EMPTY,
        sharing ? quietly(() => deps.media.stopScreenShare()) : EMPTY,
        sharing ? quietly(() => deps.rest.updateScreenShare(room.roomId, me.uid, 0)) : EMPTY,
      )
      const exit = once(() =>
        deps.rest.exitRoom(room.roomId, me.uid, me.role, ExitReason.leave),
      ).pipe(
        mergeMap(() =>
          concat(
            of<Event>({ type: 'rest/roomExited' }),
            leaveAll(deps, !isOnCdnWatch(s)),
            of<Event>({ type: 'life/exited', reason: 'leave' }),
          ),
        ),
        catchError((error: unknown) => of(callFailed('exitRoom', error, ErrorText.exit))),
      )
      return concat(before, exit)
    }),
  )

/**
 * [KICK-4] I am kicked when a kickOut names me (the actor is the kicker); a login elsewhere
 * (ABORTED, REMOTE_LOGIN) kicks me too.
 */
export const kickedEffect: RoomEffect = (event$, state$) =>
  merge(
    channel$(event$, state$).pipe(
      filter(
        ([e, s]) =>
          e.type === 'msg/kickedOut' &&
          s.me !== null &&
          e.data.uid === s.me.uid &&
          !s.session.ended,
      ),
      map(([e]): Event => ({
        type: 'life/kicked',
        by: e.type === 'msg/kickedOut' ? e.data.userName : '',
        reason: 'kickUserBy',
      })),
    ),
    event$.pipe(
      ofType('rtm/connectionStateChanged'),
      filter((e) => e.state === 'ABORTED' && e.reason === 'REMOTE_LOGIN'),
      withLatestFrom(state$),
      filter(([, s]) => s.me !== null && !s.session.ended),
      map((): Event => ({ type: 'life/kicked', by: '', reason: 'loginElsewhere' })),
    ),
  )

/**
 * The room ends for me ([END-1]): a room-info change to state 0, a meeting-end message, live END
 * for a non-host publisher ([LIVE-2]), an exit of an inactive room ([INACTIVE-3]), or, for a
 * host, the countdown reaching 0 ([COUNT-2]). Once per session.
 */
export const endedEffect: RoomEffect = (event$, state$) =>
  channel$(event$, state$).pipe(
    filter(([, s]) => s.me !== null && !s.session.ended),
    mergeMap(([e, s]): Observable<Event> => {
      const ended = (reason: EndReason): Observable<Event> =>
        of({ type: 'life/ended', reason, live: isLiveOn(s) })
      switch (e.type) {
        case 'msg/roomInfoChanged':
          return e.data.state === ROOM_STATE_ENDED ? ended('roomState') : EMPTY
        case 'msg/meetingEnded':
          return ended('meetingEnd')
        case 'msg/liveStateChanged':
          return e.data.liveState === LiveState.END &&
            s.me?.role !== Role.host &&
            s.me !== null &&
            isMediaHost(s.me)
            ? ended('liveEnd')
            : EMPTY
        case 'msg/inactiveExited':
          return ended('inactive')
        case 'rest/surplusLoaded':
        case 'rest/callFailed':
          return s.me?.role === Role.host && s.conference.remainingMinutes === 0
            ? ended('countdown')
            : EMPTY
        default:
          return EMPTY
      }
    }),
  )

/**
 * Out of the room after an end or a kick: leave messaging and media ([END-1], [KICK-3]; an
 * audience on CDN watch skips the media exit), then I am exited. A projection display whose
 * address was deleted ([PROJ-3]) leaves the same way while its warning shows.
 */
export const departureEffect: RoomEffect = (event$, state$, deps) =>
  merge(
    event$.pipe(
      ofType('life/ended', 'life/kicked'),
      map((e) =>
        e.type === 'life/ended'
          ? ('ended' as const)
          : e.reason === 'loginElsewhere'
            ? ('loginElsewhere' as const)
            : ('kicked' as const),
      ),
    ),
    channel$(event$, state$).pipe(
      filter(
        ([e, s]) =>
          e.type === 'msg/projectionDeleted' &&
          s.me?.role === Role.projection &&
          e.data.projectionId !== '' &&
          e.data.projectionId === s.projection.mine,
      ),
      map(() => 'projectionDeleted' as const),
    ),
  ).pipe(
    withLatestFrom(state$),
    switchMap(([reason, s]): Observable<Event> =>
      concat(leaveAll(deps, !isOnCdnWatch(s)), of<Event>({ type: 'life/exited', reason })),
    ),
  )
