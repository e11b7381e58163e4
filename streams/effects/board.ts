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
  mergeMap,
  of,
  pairwise,
  startWith,
  switchMap,
  withLatestFrom,
  type Observable,
} from 'rxjs'
import type { Effect } from '../core/store'
import { ofType } from '../core/of-type'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import { memberOf } from '../projections/derive'
import { selectCan, selectIsBoardCreator } from '../selectors/permissions'
import { Cmd } from '../wire/channel'
import { boardIdentity, Role } from '../wire/roles'
import { actorOf, announce } from './announce'
import { ErrorText, messageOf, once, restCall } from './errors'

type RoomEffect = Effect<State, Event, Deps>
type Room = NonNullable<State['room']>

/** Announces after success (Agora mode), passing every outcome on. */
const then =
  (next: (out: Event) => Observable<Event>) =>
  (source: Observable<Event>): Observable<Event> =>
    source.pipe(concatMap((out) => concat(of(out), next(out))))

/**
 * The host turns board share on: [BOARD-1] first fetch boardId and boardToken, then share, then
 * take the first grant (so the host creates the board, [BOARD-4]). Off: [BOARD-2] share 0 (every
 * grant goes, and every client leaves the board session).
 */
export const boardShareEffect: RoomEffect = (event$, state$, deps) =>
  event$.pipe(
    ofType('ui/boardShareToggled'),
    withLatestFrom(state$),
    filter(([, s]) => s.room !== null && s.me !== null && selectCan(s, 'shareBoard')),
    exhaustMap(([e, s]): Observable<Event> => {
      const room = s.room as Room
      const me = s.me as NonNullable<State['me']>
      const actor = actorOf(s)
      if (!e.on)
        return restCall(
          'updateShareBoard',
          () => deps.rest.updateShareBoard(room.roomId, 0),
          () => ({
            type: 'rest/shareBoardUpdated',
            value: 0,
          }),
        ).pipe(
          then((out) =>
            out.type === 'rest/shareBoardUpdated'
              ? announce(deps, Cmd.shareBoard, { ...actor, kind: 'share', shareBoard: 0 })
              : EMPTY,
          ),
        )
      const share = restCall(
        'updateShareBoard',
        () => deps.rest.updateShareBoard(room.roomId, 1),
        () => ({
          type: 'rest/shareBoardUpdated',
          value: 1,
        }),
      )
      const grant = restCall(
        'updateBoardGrant',
        () => deps.rest.updateBoardGrant(room.roomId, me.uid, 1),
        () => ({ type: 'rest/boardGrantUpdated', uid: me.uid, grant: 1 }),
        ErrorText.boardPermission,
      )
      return restCall(
        'loadBoard',
        () => deps.rest.loadBoard(room.roomId),
        (c) => ({
          type: 'rest/boardLoaded',
          boardId: c.boardId,
          boardToken: c.boardToken,
        }),
      ).pipe(
        then((loaded) =>
          loaded.type !== 'rest/boardLoaded'
            ? EMPTY
            : share.pipe(
                then((shared) =>
                  shared.type !== 'rest/shareBoardUpdated'
                    ? EMPTY
                    : concat(
                        announce(deps, Cmd.shareBoard, {
                          ...actor,
                          kind: 'share',
                          shareBoard: 1,
                          boardId: loaded.boardId,
                        }),
                        grant.pipe(
                          then((granted) =>
                            granted.type === 'rest/boardGrantUpdated'
                              ? announce(deps, Cmd.shareBoard, {
                                  ...actor,
                                  kind: 'grant',
                                  uid: me.uid,
                                  grantBoard: 1,
                                })
                              : EMPTY,
                          ),
                        ),
                      ),
                ),
              ),
        ),
      )
    }),
  )

/**
 * The host grants (1) or revokes (0) the board ([BOARD-3]); [BOARD-9] an unknown user is aborted;
 * a failure is 'update board permission failed' ([ERR-1]).
 */
export const boardGrantEffect: RoomEffect = (event$, state$, deps) =>
  event$.pipe(
    ofType('ui/boardGrantToggled'),
    withLatestFrom(state$),
    filter(
      ([e, s]) => s.room !== null && selectCan(s, 'grantBoard') && memberOf(s, e.uid) !== undefined,
    ),
    mergeMap(([e, s]) => {
      const grant = e.grant ? 1 : 0
      return restCall(
        'updateBoardGrant',
        () => deps.rest.updateBoardGrant((s.room as Room).roomId, e.uid, grant),
        () => ({ type: 'rest/boardGrantUpdated', uid: e.uid, grant }),
        ErrorText.boardPermission,
      ).pipe(
        then((out) =>
          out.type === 'rest/boardGrantUpdated'
            ? announce(deps, Cmd.shareBoard, {
                ...actorOf(s),
                kind: 'grant',
                uid: e.uid,
                grantBoard: grant,
              })
            : EMPTY,
        ),
      )
    }),
  )

type BoardWant =
  | { readonly kind: 'none' }
  | { readonly kind: 'credentials' }
  | { readonly kind: 'join'; readonly boardId: string; readonly boardToken: string }

function boardWant(s: State): BoardWant {
  const inRoom = s.session.phase === 'inRoom' && s.me !== null && s.room !== null
  if (!inRoom || s.conference.shareBoard !== 1) return { kind: 'none' }
  const { boardId, boardToken } = s.conference
  // [BOARD-8] the token is fetched again when boardId or boardToken is absent
  if (!boardId || !boardToken) return { kind: 'credentials' }
  return { kind: 'join', boardId, boardToken }
}

const sameWant = (a: BoardWant, b: BoardWant) =>
  a.kind === b.kind &&
  (a.kind !== 'join' ||
    (b.kind === 'join' && a.boardId === b.boardId && a.boardToken === b.boardToken))

/**
 * The board session follows the board share ([WB-1]): while shared, join (fetching the token
 * first when absent, [BOARD-8]; a failure shows a 2000 ms error toast); when the share ends, leave
 * ([BOARD-2]). A joiner is writable only if allowed ([WB-2]).
 */
export const boardSessionEffect: RoomEffect = (_event$, state$, deps) =>
  state$.pipe(
    map((s) => [boardWant(s), s] as const),
    distinctUntilChanged(([a], [b]) => sameWant(a, b)),
    startWith([{ kind: 'none' }, undefined] as const),
    pairwise(),
    switchMap(([[before], [want, s]]): Observable<Event> => {
      if (!s) return EMPTY
      if (want.kind === 'none')
        return before.kind === 'join'
          ? once(() => deps.board.leave()).pipe(
              ignoreElements(),
              catchError(() => EMPTY),
            )
          : EMPTY
      const room = s.room as Room
      if (want.kind === 'credentials')
        return restCall(
          'loadBoard',
          () => deps.rest.loadBoard(room.roomId),
          (c) => ({
            type: 'rest/boardLoaded',
            boardId: c.boardId,
            boardToken: c.boardToken,
          }),
        )
      const me = s.me as NonNullable<State['me']>
      return once(() =>
        deps.board.join({
          boardId: want.boardId,
          boardToken: want.boardToken,
          uid: me.uid,
          userName: me.userName,
          identity: boardIdentity(me.role),
          writable: boardWritable(s),
        }),
      ).pipe(
        ignoreElements(),
        catchError((error: unknown) =>
          of<Event>({ type: 'board/joinFailed', message: messageOf(error) }),
        ),
      )
    }),
  )

/** [WB-2] Writable: the host, the board creator, or a member granted the board. */
export function boardWritable(s: State): boolean {
  return (
    s.me !== null && (s.me.role === Role.host || s.me.grantBoard === 1 || selectIsBoardCreator(s))
  )
}

/** [WB-3] The host or the creator broadcasts; everyone else follows. */
export function boardViewMode(s: State): 'broadcaster' | 'follower' {
  return s.me?.role === Role.host || selectIsBoardCreator(s) ? 'broadcaster' : 'follower'
}

/** [WB-2] [WB-3] A joined board follows grants and the creator: writable and view mode. */
export const boardRightsEffect: RoomEffect = (_event$, state$, deps) =>
  state$.pipe(
    filter((s) => s.board.joined),
    map((s) => `${boardWritable(s)}|${boardViewMode(s)}`),
    distinctUntilChanged(),
    withLatestFrom(state$),
    switchMap(([, s]) =>
      concat(
        once(() => deps.board.setWritable(boardWritable(s))),
        once(() => deps.board.setViewMode(boardViewMode(s))),
      ).pipe(
        ignoreElements(),
        catchError(() => EMPTY),
      ),
    ),
  )
