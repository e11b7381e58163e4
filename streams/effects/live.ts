import { exhaustMap, filter, map, switchMap, withLatestFrom, type Observable } from 'rxjs'
import { ofType } from '../core/of-type'
import type { Effect } from '../core/store'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import type { Room } from '../projections/room'
import { selectCan } from '../selectors/permissions'
import { LiveState } from '../wire/constants'
import { restCall } from './errors'

type RoomEffect = Effect<State, Event, Deps>

/**
 * The host starts, pauses or ends the live broadcast ([LIVE-1]): the server changes and announces
 * the state (cmd 27, [HOST-6]) and answers the live setting, with our own live URL.
 */
export const liveStateEffect: RoomEffect = (event$, state$, { rest }) =>
  event$.pipe(
    ofType('ui/liveStateChosen'),
    withLatestFrom(state$),
    filter(([, s]) => s.room !== null && selectCan(s, 'manageRoom')),
    switchMap(([e, s]): Observable<Event> =>
      restCall(
        'setLiveState',
        () => rest.setLiveState((s.room as Room).roomUuid, e.liveState),
        (setting) => ({ type: 'rest/liveSettingLoaded', setting }),
      ),
    ),
  )

/**
 * The live started, resumed, paused, its open-live flag changed or its language streams changed
 * (the server tells the live state again, whatever it is but END): the live setting is fetched
 * again, so the CDN audience gets the live URL and the languages to play ([ENTRY-3] while in the
 * room), and members the languages' interpreters.
 */
export const liveSettingEffect: RoomEffect = (event$, state$, { rest }) =>
  event$.pipe(
    filter(
      (e) =>
        (e.type === 'msg/liveStateChanged' && e.data.liveState !== LiveState.END) ||
        (e.type === 'msg/liveTypeChanged' && e.data.openLive === 1),
    ),
    withLatestFrom(state$),
    filter(([, s]) => s.room !== null),
    map(([, s]) => (s.room as Room).roomId),
    switchMap((roomId) =>
      restCall(
        'loadLiveSetting',
        () => rest.loadLiveSetting(roomId),
        (setting): Event => ({ type: 'rest/liveSettingLoaded', setting }),
      ),
    ),
  )

/** The room's recordings list, loaded when opened (any member who was in the room may see it). */
export const recordingsEffect: RoomEffect = (event$, state$, { rest }) =>
  event$.pipe(
    ofType('ui/recordingsOpened'),
    withLatestFrom(state$),
    filter(([, s]) => s.room !== null),
    exhaustMap(([, s]) =>
      restCall(
        'loadRecordings',
        () => rest.loadRecordings((s.room as Room).roomId),
        (recordings): Event => ({ type: 'rest/recordingsLoaded', recordings }),
      ),
    ),
  )
