import {
  catchError,
  distinctUntilChanged,
  EMPTY,
  exhaustMap,
  filter,
  map,
  mergeMap,
  of,
  retry,
  skipWhile,
  startWith,
  switchMap,
  timer,
  type Observable,
} from 'rxjs'
import { ofType } from '../core/of-type'
import type { Effect } from '../core/store'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import { selectPublishesBoardStage } from '../selectors/live-push'
import { messageOf, once } from './errors'
import { TOKEN_REFRESH_RETRY_MS } from './tokens'

type RoomEffect = Effect<State, Event, Deps>

/** A board stage that could not start is tried again this long after its failure. */
export const BOARD_STAGE_RETRY_MS = 5000

/**
 * The shared board in Agora's picture (Agora mode, where the board is no media user). While
 * selectPublishesBoardStage holds (the board is the share the CDN layout shows, and my client
 * pushes the live or is the first host while the room records), my client asks our server for
 * the board's stage uid and a publisher token (POST room/{roomId}/media/stageToken, tried again
 * at 2 s and 4 s as the member's token) and has media publish the board's picture under it
 * (rtc/boardStagePublished, which the live push places); a token warning of the stage asks again
 * and hands media the fresh token; a failure is rtc/boardStageFailed, tried again
 * BOARD_STAGE_RETRY_MS later. When it no longer holds, media stops it (rtc/boardStageStopped).
 */
export const boardStageEffect: RoomEffect = (event$, state$, deps) => {
  const wanted$ = state$.pipe(
    // The mode is known once the server's configuration arrived: read at each state.
    map((s) =>
      deps.mode === 'agora' && selectPublishesBoardStage(s) && s.room ? s.room.roomId : null,
    ),
    distinctUntilChanged(),
    skipWhile((roomId) => roomId === null),
  )
  const renew$ = event$.pipe(
    ofType('rtc/boardStageTokenWillExpire', 'rtc/boardStageTokenExpired', 'rtc/boardStageFailed'),
    switchMap((e) =>
      e.type === 'rtc/boardStageFailed' ? timer(BOARD_STAGE_RETRY_MS, deps.scheduler) : of(e),
    ),
  )
  return wanted$.pipe(
    switchMap((roomId): Observable<Event> => {
      if (roomId === null) return stop(deps)
      return renew$.pipe(
        startWith(null),
        exhaustMap(() => start(deps, roomId)),
      )
    }),
  )
}

/** One start (or renewal): a stage token, then media publishing (or renewing) with it. */
function start(deps: Deps, roomId: string): Observable<Event> {
  return once(() => deps.rest.loadStageToken(roomId, { stage: 'board' })).pipe(
    retry({
      count: TOKEN_REFRESH_RETRY_MS.length,
      delay: (_error, n) => timer(TOKEN_REFRESH_RETRY_MS[n - 1] ?? 0, deps.scheduler),
    }),
    filter((answer) => answer !== undefined),
    mergeMap((stage) => {
      const publish = deps.media.publishBoardStage?.bind(deps.media)
      if (!publish) throw new Error('this media engine has no board stage')
      return once(() => publish(stage)).pipe(
        map((): Event => ({ type: 'rtc/boardStagePublished', uid: stage.uid })),
      )
    }),
    catchError((error: unknown) =>
      of<Event>({ type: 'rtc/boardStageFailed', message: messageOf(error) }),
    ),
  )
}

function stop(deps: Deps): Observable<Event> {
  const publish = deps.media.publishBoardStage?.bind(deps.media)
  if (!publish) return EMPTY
  return once(() => publish(null)).pipe(
    map((): Event => ({ type: 'rtc/boardStageStopped' })),
    catchError((error: unknown) =>
      of<Event>({ type: 'rtc/boardStageFailed', message: messageOf(error) }),
    ),
  )
}
