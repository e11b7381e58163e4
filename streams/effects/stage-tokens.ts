import { catchError, concat, EMPTY, ignoreElements, map, mergeMap, of, withLatestFrom } from 'rxjs'
import { ofType } from '../core/of-type'
import type { Effect } from '../core/store'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { StageToken } from '../ports/rest-types'
import type { State } from '../projections'
import { callFailed, messageOf, once } from './errors'

/**
 * Stage tokens (Agora mode): when my media adapter asks for a stage's token (rtc/stageTokenNeeded:
 * a language's mix or the board's picture joins, or its token nears its end), the server's answer
 * (`loadStageToken`) goes to the adapter (`setStageToken`). Without a room, or on a refusal, the
 * adapter is answered null (what waited for it fails: a language's push is tried again later), and
 * a refusal is a rest/callFailed. The token never becomes an event.
 */
export const stageTokenEffect: Effect<State, Event, Deps> = (event$, state$, { media, rest }) =>
  event$.pipe(
    ofType('rtc/stageTokenNeeded'),
    withLatestFrom(state$),
    mergeMap(([{ stage }, s]) => {
      const setStageToken = media.setStageToken?.bind(media)
      if (!setStageToken) return EMPTY
      const answer = (token: StageToken | null) =>
        once(() => setStageToken(stage, token)).pipe(
          ignoreElements(),
          catchError((error: unknown) =>
            of<Event>({ type: 'rtc/exceptionRaised', code: 'STAGE', message: messageOf(error) }),
          ),
        )
      const room = s.room
      if (!room) return answer(null)
      return once(() => rest.loadStageToken(room.roomId, stage)).pipe(
        map((token): [StageToken | null, Event[]] => [token ?? null, []]),
        catchError((error: unknown) =>
          of<[StageToken | null, Event[]]>([null, [callFailed('loadStageToken', error)]]),
        ),
        mergeMap(([token, failed]) => concat(answer(token), of(...failed))),
      )
    }),
  )
