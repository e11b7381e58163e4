import { filter, withLatestFrom, type Observable } from 'rxjs'
import { ofType } from '../core/of-type'
import type { Event } from '../events'
import type { State } from '../projections'
import { selectCan } from '../selectors/permissions'

type Room = NonNullable<State['room']>

/** Host intents with the state they act on, only when my role allows them ([ROLE-2]). */
export const hostIntent = <K extends Event['type']>(
  event$: Observable<Event>,
  state$: Observable<State>,
  type: K,
  action: Parameters<typeof selectCan>[1],
) =>
  event$.pipe(
    ofType(type),
    withLatestFrom(state$),
    filter(([, s]) => s.room !== null && selectCan(s, action)),
  ) as Observable<
    [Extract<Event, { type: K }>, State & { room: Room; me: NonNullable<State['me']> }]
  >
