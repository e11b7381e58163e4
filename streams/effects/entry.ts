import {
  catchError,
  concat,
  concatMap,
  defer,
  EMPTY,
  filter,
  ignoreElements,
  map,
  merge,
  of,
  switchMap,
  timeout,
  TimeoutError,
  timer,
  withLatestFrom,
  type Observable,
} from 'rxjs'
import type { Effect } from '../core/store'
import { ofType } from '../core/of-type'
import type { Event } from '../events'
import { RestFailure, type Deps } from '../ports'
import type { RoomAnswer } from '../ports/rest-types'
import type { State } from '../projections'
import { validateJoinForm } from '../wire/join-form'
import { Role } from '../wire/roles'
import { callFailed, ErrorText, messageOf, once, restCall, restDetails } from './errors'
import { rosterPages } from './roster-pages'

type RoomEffect = Effect<State, Event, Deps>

/** Retrying a busy entry (1007): after the server's hint, backed off and jittered, up to a limit. */
export const ENTRY_BUSY = { baseMs: 500, capMs: 15_000, maxAttempts: 40 } as const

/**
 * The wait before retry `attempt` (1, 2, …) of a busy entry: at least the server's hint, doubling
 * from 0.5 s, capped, plus up to half again of jitter (`random` in [0, 1)) so a crowd told busy
 * together does not come back together.
 */
export function entryBusyDelay(attempt: number, hintMs: number, random: number): number {
  const backoff = Math.min(ENTRY_BUSY.capMs, ENTRY_BUSY.baseMs * 2 ** (attempt - 1))
  const base = Math.max(hintMs, backoff)
  return Math.min(ENTRY_BUSY.capMs, Math.round(base * (1 + random / 2)))
}

/**
 * [ENTRY-1] The home form's join calls the entry endpoint (only when the form is valid). A busy
 * answer (the server admitting a crowd, code 1007) is `rest/roomEntryBusy` ("busy, retrying"),
 * then the entry again with its ticket after the delay, on the injected scheduler.
 */
export const entryEffect: RoomEffect = (event$, _state$, { rest, scheduler, random }) =>
  event$.pipe(
    ofType('ui/joinSubmitted'),
    filter((e) => validateJoinForm(e.form) === null),
    switchMap(({ form }) => {
      const body = { ...form, roomName: form.roomName.trim(), userName: form.userName.trim() }
      const attempt = (n: number, ticket?: string): Observable<Event> =>
        defer(() => rest.enterRoom(ticket === undefined ? body : { ...body, ticket })).pipe(
          map((data): Event => ({ type: 'rest/roomEntered', data })),
          catchError((error: unknown) => {
            const busy = error instanceof RestFailure ? error.busy : undefined
            if (busy && n < ENTRY_BUSY.maxAttempts) {
              const delayMs = entryBusyDelay(n, busy.retryAfterMs, random())
              return concat(
                of<Event>({ type: 'rest/roomEntryBusy', attempt: n, delayMs }),
                timer(delayMs, scheduler).pipe(concatMap(() => attempt(n + 1, busy.ticket))),
              )
            }
            // [ENTRY-7] a non-zero code raises the answer's msg
            return of<Event>({
              type: 'rest/roomEntryFailed',
              message: messageOf(error),
              ...restDetails(error),
            })
          }),
        )
      return attempt(1)
    }),
  )

/**
 * After entry: [ENTRY-8] an empty appId stops the login; else log in to messaging and join the
 * room's channel ([ENTRY-9] a failure is 'Failed to join messaging'), then the room is entered.
 */
export const channelEffect: RoomEffect = (event$, _state$, { messaging, scheduler }) =>
  event$.pipe(
    ofType('rest/roomEntered'),
    switchMap(({ data: { me, roomInfo } }): Observable<Event> => {
      if (me.appID === '') return of({ type: 'rtm/loginSkipped', reason: 'empty appId' })
      const channel = roomInfo.channelName
      return once(() => messaging.login(me.uid, me.rtmToken)).pipe(
        concatMap(() => once(() => messaging.join(channel))),
        // A messaging service that cannot be reached (Agora's cloud from a closed network) fails
        // the join after a while, instead of leaving the user at 'Joining…' for ever.
        timeout({ first: CHANNEL_JOIN_TIMEOUT_MS, scheduler }),
        concatMap((members) => {
          const joined: Event = { type: 'rtm/channelJoined', channel, members: members ?? [] }
          const entered: Event = { type: 'life/entered', roomId: roomInfo.roomId, uid: me.uid }
          return of(joined, entered)
        }),
        catchError((error: unknown) => {
          const failed: Event = {
            type: 'rtm/joinFailed',
            message:
              error instanceof TimeoutError
                ? ErrorText.messagingTimeout
                : (error as { code?: unknown } | null)?.code === 'tooManyConnections'
                  ? ErrorText.tooManyConnections
                  : ErrorText.messaging,
          }
          if (!(error instanceof TimeoutError)) return of(failed)
          // A login that succeeds late must not stay behind.
          return concat(
            of(failed),
            once(() => messaging.logout()).pipe(
              ignoreElements(),
              catchError(() => EMPTY),
            ),
          )
        }),
      )
    }),
  )

/** How long the messaging login and channel join may take before the entry fails. */
export const CHANNEL_JOIN_TIMEOUT_MS = 20_000

/** The room-loaded fact of a GET room answer (no user entry is `undefined`, never null). */
export function roomLoaded(answer: RoomAnswer): Event {
  return answer.user
    ? { type: 'rest/roomLoaded', room: answer.room, user: answer.user }
    : { type: 'rest/roomLoaded', room: answer.room }
}

const isLive = (room: RoomAnswer['room']) => room.liveOpen === 1 || room.liveState === 1

/**
 * The entry flow once in the room ([ENTRY-2] to [ENTRY-6]): the member list (the audience list
 * with the hosts: the first page, every page for a host) and the room info;
 * the live URL while live is on; the playback list when playbackState is 1; for hosts, the
 * board's screen recording off; then the user count, and the hot number while live.
 */
export const entryFlowEffect: RoomEffect = (event$, state$, { rest }) =>
  event$.pipe(
    ofType('life/entered'),
    withLatestFrom(state$),
    switchMap(([{ roomId, uid }, state]): Observable<Event> => {
      const users = rosterPages(rest, roomId, state.me?.role === Role.host).pipe(
        map((page): Event => ({ type: 'rest/usersLoaded', users: page.list, total: page.total })),
        catchError((error: unknown) => of(callFailed('loadUsers', error, ErrorText.lookup))),
      )
      const room = once(() => rest.loadRoom(roomId, uid)).pipe(
        concatMap((answer) => {
          const info = (answer as RoomAnswer).room
          const live = isLive(info)
          const host = state.me?.role === Role.host
          return concat(
            of<Event>(roomLoaded(answer as RoomAnswer)),
            live
              ? restCall(
                  'loadLiveSetting',
                  () => rest.loadLiveSetting(roomId),
                  (setting) => ({ type: 'rest/liveSettingLoaded', setting }),
                )
              : EMPTY,
            info.playbackState === 1
              ? restCall(
                  'loadPlayback',
                  () => rest.loadPlayback(roomId),
                  (playback) => ({ type: 'rest/playbackLoaded', playback }),
                )
              : EMPTY,
            host
              ? restCall(
                  'updateRecordState',
                  () => rest.updateRecordState(roomId, 0),
                  () => ({ type: 'rest/recordStateUpdated', state: 0 }),
                )
              : EMPTY,
            restCall(
              'loadUsersAmount',
              () => rest.loadUsersAmount(roomId),
              (a) => ({ type: 'rest/usersAmountLoaded', usersAmount: a.usersAmount }),
              ErrorText.onlineCount,
            ),
            live
              ? restCall(
                  'loadHotNum',
                  () => rest.loadHotNum(roomId),
                  (a) => ({ type: 'rest/hotNumLoaded', hotNum: a.hotNum }),
                  ErrorText.hotNumber,
                )
              : EMPTY,
          )
        }),
        catchError((error: unknown) => of(callFailed('loadRoom', error, ErrorText.lookup))),
      )
      return concat(users, room)
    }),
  )

/** Facts from the adapters enter the bus as they come. */
export const adapterEventsEffect: RoomEffect = (_event$, _state$, deps) =>
  merge(
    deps.messaging.events$,
    deps.media.events$,
    deps.board.events$,
    deps.devices.events$,
    (deps.rest.calls$ ?? EMPTY).pipe(map((call): Event => ({ type: 'rest/called', ...call }))),
  )
