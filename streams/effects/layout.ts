import { concat, concatMap, EMPTY, exhaustMap, of, switchMap, type Observable } from 'rxjs'
import type { Effect } from '../core/store'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import { isHostRole, memberOf } from '../projections/derive'
import { selectMainScreenBlocked } from '../selectors/permissions'
import { Cmd } from '../wire/channel'
import { actorOf, announce } from './announce'
import { ErrorText, restCall } from './errors'
import { hostIntent } from './host-intent'

/** The host arranges the screen: the main screen and the layout. */

type RoomEffect = Effect<State, Event, Deps>

/**
 * Setting the main screen: [MAIN-3] blocked while someone shares the screen or the board (an
 * alert); [MAIN-4] a target that is not a known audience is silently ignored; [MAIN-1] choosing
 * the host clears it; [MAIN-5] the call must answer code 0, else 'set main screen failed'.
 */
export const mainScreenEffect: RoomEffect = (event$, state$, deps) =>
  hostIntent(event$, state$, 'ui/mainScreenChosen', 'setMainScreen').pipe(
    exhaustMap(([e, s]): Observable<Event> => {
      if (selectMainScreenBlocked(s))
        return of({
          type: 'rule/refused',
          action: 'setMainScreen',
          message: 'There is someone sharing or sharing the whiteboard, cannot set main screen',
        })
      const target = memberOf(s, e.uid)
      if (!target) return EMPTY
      const uid = isHostRole(target.role) ? '' : e.uid
      return restCall(
        'setMainScreen',
        () => deps.rest.setMainScreen(s.room.roomId, uid),
        () => ({ type: 'rest/mainScreenSet', mainScreenUid: uid }),
        ErrorText.mainScreen,
      ).pipe(
        concatMap((out) =>
          out.type === 'rest/mainScreenSet'
            ? concat(of(out), announce(deps, Cmd.mainScreen, { ...actorOf(s), mainScreenUid: uid }))
            : of(out),
        ),
      )
    }),
  )

/** The host picks a layout; positions follow the main screen. */
export const layoutEffect: RoomEffect = (event$, state$, deps) =>
  hostIntent(event$, state$, 'ui/layoutChosen', 'setLayout').pipe(
    switchMap(([e, s]) => {
      const largeUid = s.conference.mainScreenUid || s.me.uid
      const positions = s.layout.positions.entries().map(([uid, type]) => ({ uid, type }))
      return restCall(
        'updateLayout',
        () =>
          deps.rest.updateLayout({
            roomUuid: s.room.roomUuid,
            channelName: s.room.channelName,
            layout: e.layout,
            infoTypeVoList: positions,
            largeUid,
            typeOfCDN: String(s.room.audienceWatchType),
          }),
        () => ({ type: 'rest/layoutUpdated', layout: e.layout, positions, largeUid }),
      ).pipe(
        concatMap((out) =>
          out.type === 'rest/layoutUpdated'
            ? concat(
                of(out),
                announce(deps, Cmd.layout, {
                  ...actorOf(s),
                  layout: e.layout,
                  positions,
                  largeUid,
                }),
              )
            : of(out),
        ),
      )
    }),
  )
