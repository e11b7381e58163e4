import {
  catchError,
  concat,
  concatMap,
  distinctUntilChanged,
  EMPTY,
  exhaustMap,
  filter,
  ignoreElements,
  map,
  merge,
  of,
  pairwise,
  startWith,
  switchMap,
  take,
  takeUntil,
  throwError,
  timer,
  withLatestFrom,
  type Observable,
} from 'rxjs'
import type { Effect } from '../core/store'
import { ofType } from '../core/of-type'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { RoomAnswer } from '../ports/rest-types'
import type { State } from '../projections'
import { TOO_MANY_CONNECTIONS } from '../wire/constants'
import { Role } from '../wire/roles'
import { roomLoaded } from './entry'
import { callFailed, ErrorText, messageOf, once } from './errors'
import { rosterResync } from './roster-pages'

type RoomEffect = Effect<State, Event, Deps>

/**
 * Reconnection timing: attempt n waits `min(cap, base * 2^(n-1))`, half of it fixed and half
 * jittered, so clients that dropped together do not return together; a short cap, so a member is
 * back within about two seconds of the service coming back. Attempts go on for a minute (a
 * restart of a busy server, and its presence grace of 30 s after it starts) before the connection
 * is reported lost.
 */
export const RECONNECT = { baseMs: 250, capMs: 1500, giveUpMs: 60_000 } as const

/** The delay before attempt `attempt` (1, 2, …) for a jitter draw `random` in [0, 1). */
export function reconnectDelay(attempt: number, random: number): number {
  const ceiling = Math.min(RECONNECT.capMs, RECONNECT.baseMs * 2 ** (attempt - 1))
  return Math.round(ceiling / 2 + (ceiling / 2) * random)
}

/** A refusal of the login's token (expired or from before a key change): refresh it and retry. */
const refusedToken = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === 'unauthorized'

/** The service refuses this account or address more connections: retrying would hammer it. */
const refusedAsTooMany = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === 'tooManyConnections'

/** The service closed the connection as one too many (close code 4429). */
const closedAsTooMany = (e: Event): boolean =>
  e.type === 'rtm/connectionStateChanged' &&
  e.state === 'ABORTED' &&
  e.reason === TOO_MANY_CONNECTIONS

/** In the room, not ending, with a channel to go back to. */
const canReconnect = (s: State): boolean =>
  s.session.phase === 'inRoom' && !s.session.ended && s.me !== null && s.session.info !== null

/**
 * The messaging connection dropped in the room (or the user retries after it was lost): log in
 * again (refreshing the token through REST when the login refuses it) and rejoin the channel,
 * with backoff and jitter on the injected scheduler; every attempt and its outcome is a fact.
 * An attempt failing a minute after the drop leaves the connection lost (the user may retry). Leaving or an end stops the attempts.
 * A close or login refusal as one connection too many (4429) stops them at once, lost with that
 * reason: the user closes another tab or device, then retries. A login timeout (4408) is a drop.
 */
export const reconnectEffect: RoomEffect = (event$, state$, deps) => {
  const tooMany$ = event$.pipe(filter(closedAsTooMany))
  const stop$ = merge(
    event$.pipe(ofType('ui/leaveClicked', 'life/ended', 'life/kicked', 'life/exited')),
    tooMany$,
  )
  const current = () => state$.pipe(take(1))

  const rejoin = (attempt: number): Observable<Event> =>
    current().pipe(
      concatMap((s) => {
        const me = s.me as NonNullable<State['me']>
        const channel = (s.session.info as NonNullable<State['session']['info']>).channelName
        const login = (token: string) => once(() => deps.messaging.login(me.uid, token))
        const refreshed = once(() =>
          deps.rest.refreshToken(s.session.info?.roomId ?? '', me.uid),
        ).pipe(
          concatMap((tokens) => {
            const t = tokens as NonNullable<typeof tokens>
            return concat(
              of<Event>({ type: 'rest/tokenRefreshed', ...t }),
              login(t.rtmToken).pipe(ignoreElements()),
            )
          }),
        )
        const loggedIn = login(me.rtmToken).pipe(
          ignoreElements(),
          catchError((error: unknown) =>
            refusedToken(error) ? refreshed : throwError(() => error),
          ),
        )
        const joined = once(() => deps.messaging.join(channel)).pipe(
          map((members): Event => ({
            type: 'rtm/reconnected',
            attempt,
            channel,
            members: members ?? [],
          })),
        )
        return concat(loggedIn, joined)
      }),
    )

  const attempt = (n: number, since: number): Observable<Event> => {
    const delayMs = reconnectDelay(n, deps.random())
    return concat(
      of<Event>({ type: 'rtm/reconnecting', attempt: n, delayMs }),
      timer(delayMs, deps.scheduler).pipe(
        concatMap(() => rejoin(n)),
        catchError((error: unknown) => {
          const failed: Event = {
            type: 'rtm/reconnectFailed',
            attempt: n,
            message: messageOf(error),
          }
          const lost: Event = { type: 'rtm/connectionLost', attempts: n }
          if (refusedAsTooMany(error))
            return of(failed, { ...lost, reason: 'tooManyConnections' } as Event)
          return deps.scheduler.now() - since < RECONNECT.giveUpMs
            ? concat(of(failed), attempt(n + 1, since))
            : of(failed, lost)
        }),
      ),
    )
  }

  const attempts$ = merge(
    event$.pipe(
      ofType('rtm/connectionStateChanged'),
      filter((e) => e.state === 'DISCONNECTED'),
    ),
    event$.pipe(ofType('ui/reconnectClicked')),
  ).pipe(
    withLatestFrom(state$),
    filter(([, s]) => canReconnect(s)),
    exhaustMap(() => attempt(1, deps.scheduler.now()).pipe(takeUntil(stop$))),
  )
  // Closed as one too many: lost at once (unless a refused login already said so).
  const refused$ = tooMany$.pipe(
    withLatestFrom(state$),
    filter(([, s]) => canReconnect(s) && s.session.reconnect?.reason !== 'tooManyConnections'),
    map(([, s]): Event => ({
      type: 'rtm/connectionLost',
      attempts: s.session.reconnect?.attempt ?? 0,
      reason: 'tooManyConnections',
    })),
  )
  return merge(attempts$, refused$)
}

/**
 * An SDK that reconnects by itself (Agora RTM: RECONNECTING, then CONNECTED, its channel
 * rejoined): "Reconnecting…" meanwhile (its own attempt, no delay of ours), and once it is back,
 * rtm/reconnected with the channel's members now, so the same resync follows as after our own
 * rejoin. Not back within the give-up time, or its members unreadable: the connection is lost
 * (Retry logs in and joins again). A state other than these two ends the wait (DISCONNECTED is
 * reconnectEffect's).
 */
export const sdkReconnectEffect: RoomEffect = (event$, state$, deps) => {
  const stop$ = event$.pipe(ofType('ui/leaveClicked', 'life/ended', 'life/kicked', 'life/exited'))
  return event$.pipe(
    ofType('rtm/connectionStateChanged'),
    map((e) => e.state),
    distinctUntilChanged(),
    startWith(null),
    pairwise(),
    withLatestFrom(state$),
    switchMap(([[before, now], s]): Observable<Event> => {
      if (!canReconnect(s)) return EMPTY
      if (now === 'RECONNECTING') {
        const lost: Event = { type: 'rtm/connectionLost', attempts: 1 }
        return concat(
          s.session.reconnect
            ? EMPTY
            : of<Event>({ type: 'rtm/reconnecting', attempt: 1, delayMs: 0 }),
          timer(RECONNECT.giveUpMs, deps.scheduler).pipe(map(() => lost)),
        ).pipe(takeUntil(stop$))
      }
      if (now !== 'CONNECTED' || before !== 'RECONNECTING') return EMPTY
      const attempt = s.session.reconnect?.attempt ?? 1
      const channel = (s.session.info as NonNullable<State['session']['info']>).channelName
      return once(() => deps.messaging.members?.() ?? of([])).pipe(
        map((members): Event => ({
          type: 'rtm/reconnected',
          attempt,
          channel,
          members: members ?? [],
        })),
        catchError((error: unknown) =>
          of<Event[]>(
            { type: 'rtm/reconnectFailed', attempt, message: messageOf(error) },
            { type: 'rtm/connectionLost', attempts: attempt },
          ),
        ),
      )
    }),
  )
}

/**
 * Back in the channel: the chat missed during the gap is delivered (rtm/caughtUp), then the room
 * (state, mute flags, my grants) and the roster are read again from the server, and
 * life/resynced tells media and board to renegotiate.
 */
export const resyncEffect: RoomEffect = (event$, state$, deps) =>
  event$.pipe(
    ofType('rtm/reconnected'),
    withLatestFrom(state$),
    switchMap(([, s]): Observable<Event> => {
      const roomId = s.session.info?.roomId ?? ''
      const caughtUp = once(() => deps.messaging.catchUp()).pipe(
        map((c): Event => ({
          type: 'rtm/caughtUp',
          missed: c?.missed ?? 0,
          complete: c?.complete ?? false,
        })),
        catchError(() => of<Event>({ type: 'rtm/caughtUp', missed: 0, complete: false })),
      )
      const room = once(() => deps.rest.loadRoom(roomId)).pipe(
        map((answer) => roomLoaded(answer as RoomAnswer)),
        catchError((error: unknown) => of(callFailed('loadRoom', error, ErrorText.lookup))),
      )
      const roster = rosterResync(event$, deps.rest, roomId, s.me?.role === Role.host).pipe(
        catchError((error: unknown) => of(callFailed('loadUsers', error, ErrorText.lookup))),
      )
      return concat(caughtUp, room, roster, of<Event>({ type: 'life/resynced', roomId }))
    }),
  )

/**
 * Once resynced, media and board renegotiate: the media links with every member (the mesh
 * greets them again), and the board's connection is renewed and its rights checked. A port
 * without it (its SDK does it) or a failure is skipped.
 */
export const renegotiateEffect: RoomEffect = (event$, state$, deps) =>
  event$.pipe(
    ofType('life/resynced'),
    withLatestFrom(state$),
    switchMap(([, s]) => {
      const media = s.media.joined
        ? once(() => deps.media.resync?.() ?? EMPTY).pipe(
            map((): Event => ({ type: 'rtc/resynced' })),
            catchError(() => EMPTY),
          )
        : EMPTY
      const board = s.board.joined
        ? once(() => deps.board.resync?.() ?? EMPTY).pipe(
            map((): Event => ({ type: 'board/resynced' })),
            catchError(() => EMPTY),
          )
        : EMPTY
      return concat(media, board)
    }),
  )
