import {
  catchError,
  concatMap,
  EMPTY,
  exhaustMap,
  ignoreElements,
  map,
  of,
  switchMap,
  take,
} from 'rxjs'
import type { Effect } from '../core/store'
import { ofType } from '../core/of-type'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import { messageOf, once, restDetails } from './errors'

type RoomEffect = Effect<State, Event, Deps>

/** The storage key of the room this tab is in ([ROUTE-13] session info), for a page reload. */
export const ROOM_KEY = 'room'

/** Remembers the room once I am in it and forgets it when I am out. */
export const roomMemoryEffect: RoomEffect = (event$, _state$, deps) =>
  event$.pipe(
    ofType('life/entered', 'life/exited'),
    concatMap((e) =>
      once(() =>
        e.type === 'life/entered'
          ? deps.storage.set(ROOM_KEY, e.roomId)
          : deps.storage.remove(ROOM_KEY),
      ).pipe(
        ignoreElements(),
        catchError(() => EMPTY),
      ),
    ),
  )

/**
 * A page reloaded in a room: my member's entry answer again (fresh tokens, same uid, role and
 * grants), and the entry goes on as after a join; refused (I was removed, the room ended) it is
 * an entry failure.
 */
export const resumeEffect: RoomEffect = (event$, _state$, deps) =>
  event$.pipe(
    ofType('ui/reloadedInRoom'),
    exhaustMap(({ roomId }) =>
      once(() => deps.rest.resumeRoom(roomId)).pipe(
        map((data): Event => ({
          type: 'rest/roomEntered',
          data: data as NonNullable<typeof data>,
        })),
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
 * Back in the room after a reload: the chat the room had before it (the channel's kept history,
 * my own lines too) is shown again, each line once, before the ones sent since (rtm/chatRestored).
 * A messaging service without history (Agora RTM 1.x) restores nothing.
 */
export const restoreChatEffect: RoomEffect = (event$, _state$, deps) =>
  event$.pipe(
    ofType('ui/reloadedInRoom'),
    switchMap(() =>
      event$.pipe(
        ofType('life/entered', 'rest/roomEntryFailed'),
        take(1),
        concatMap((e) =>
          e.type === 'life/entered' && deps.messaging.restoreChat
            ? once(() => deps.messaging.restoreChat?.() ?? EMPTY).pipe(
                map((r): Event => ({
                  type: 'rtm/chatRestored',
                  restored: r?.missed ?? 0,
                  complete: r?.complete ?? false,
                })),
                catchError(() =>
                  of<Event>({ type: 'rtm/chatRestored', restored: 0, complete: false }),
                ),
              )
            : EMPTY,
        ),
      ),
    ),
  )
