import {
  catchError,
  concat,
  concatMap,
  defer,
  filter,
  ignoreElements,
  map,
  of,
  switchMap,
  withLatestFrom,
  type Observable,
} from 'rxjs'
import type { Effect } from '../core/store'
import { ofType } from '../core/of-type'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import { validateJoinForm } from '../wire/join-form'
import { messageOf, restDetails } from './errors'

type RoomEffect = Effect<State, Event, Deps>

/** [ENTRY-1] The home form's join calls the entry endpoint (only when the form is valid). */
export const entryEffect: RoomEffect = (event$, _state$, { rest }) =>
  event$.pipe(
    ofType('ui/joinSubmitted'),
    filter((e) => validateJoinForm(e.form) === null),
    switchMap(({ form }) =>
      defer(() =>
        rest.enterRoom({ ...form, roomName: form.roomName.trim(), userName: form.userName.trim() }),
      ).pipe(
        map((data): Event => ({ type: 'rest/roomEntered', data })),
        catchError((error: unknown) =>
          of<Event>({
            type: 'rest/roomEntryFailed',
            message: messageOf(error),
            ...restDetails(error),
          }),
        ),
      ),
    ),
  )

/**
 * After entry: log in to messaging, join the room's channel ([ENTRY-9] a failure is
 * 'Failed to join messaging'), then load the member list ([ENTRY-2]). Joining before loading
 * means no member change is missed between the two.
 */
export const channelEffect: RoomEffect = (event$, _state$, { rest, messaging }) =>
  event$.pipe(
    ofType('rest/roomEntered'),
    switchMap(({ data: { me, roomInfo } }): Observable<Event> => {
      const channel = roomInfo.channelName
      const joined = defer(() => messaging.login(me.uid, me.rtmToken)).pipe(
        concatMap(() => defer(() => messaging.join(channel))),
        map((members): Event => ({ type: 'rtm/channelJoined', channel, members })),
        catchError(() =>
          of<Event>({ type: 'rtm/joinFailed', message: 'Failed to join messaging' }),
        ),
      )
      const users = defer(() => rest.loadUsers(roomInfo.roomId, { page: 1, size: 500 })).pipe(
        map((page): Event => ({ type: 'rest/usersLoaded', users: page.list, total: page.total })),
        catchError((error: unknown) =>
          of<Event>({ type: 'rest/callFailed', call: 'loadUsers', message: messageOf(error) }),
        ),
      )
      return joined.pipe(
        concatMap((e) => (e.type === 'rtm/channelJoined' ? concat(of(e), users) : of(e))),
      )
    }),
  )

/** Facts from the messaging layer enter the bus as they come. */
export const messagingEventsEffect: RoomEffect = (_event$, _state$, { messaging }) =>
  messaging.events$

/** Leaving: the exit call, then messaging leave and logout, whose errors are ignored ([EXIT-3]). */
export const exitEffect: RoomEffect = (event$, state$, { rest, messaging }) =>
  event$.pipe(
    ofType('ui/leaveClicked'),
    withLatestFrom(state$),
    switchMap(([, { room, me }]) => {
      const exit =
        room && me
          ? defer(() => rest.exitRoom(room.roomId, me.uid, me.role, 'leave'))
          : of(undefined)
      const quietly = (call: () => ReturnType<typeof messaging.leave>) =>
        defer(call).pipe(
          ignoreElements(),
          catchError(() => of()),
        )
      return exit.pipe(
        ignoreElements(),
        (done) =>
          concat(
            done,
            quietly(() => messaging.leave()),
            quietly(() => messaging.logout()),
            of<Event>({ type: 'rest/roomExited' }),
          ),
        catchError((error: unknown) =>
          of<Event>({ type: 'rest/callFailed', call: 'exitRoom', message: messageOf(error) }),
        ),
      )
    }),
  )
