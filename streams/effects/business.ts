import { EMPTY, filter, mergeMap, withLatestFrom, type Observable } from 'rxjs'
import { ofType } from '../core/of-type'
import type { Effect } from '../core/store'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import type { Room } from '../projections/room'
import { selectCan } from '../selectors/permissions'
import { Role } from '../wire/roles'
import { restCall } from './errors'

type RoomEffect = Effect<State, Event, Deps>

const roomIdOf = (s: State) => (s.room as Room).roomId

/**
 * Red packets, sign-in and goods (spec §7): each ui fact is one REST call, answered by its rest
 * fact. Sending a packet and showing goods are announced by the server (cmd 19, cmd 23); a grab
 * and a sign-in too (cmd 18).
 */
export const businessCallsEffect: RoomEffect = (event$, state$, { rest }) =>
  event$.pipe(
    withLatestFrom(state$),
    filter(([, s]) => s.room !== null && s.me !== null),
    mergeMap(([e, s]): Observable<Event> => {
      const roomId = roomIdOf(s)
      const host = selectCan(s, 'manageRoom')
      switch (e.type) {
        case 'ui/redPacketSent':
          // a host always may; others once a red packet gave them the sendRed tool ([MSG-8])
          if (!host && !s.business.tools.includes('sendRed')) return EMPTY
          return restCall(
            'sendRedPacket',
            () => rest.sendRedPacket(roomId, e.totalAmount, e.count, e.greeting),
            (packet) => ({ type: 'rest/redPacketSent', packet }),
          )
        case 'ui/redPacketGrabbed':
          return restCall(
            'grabRedPacket',
            () => rest.grabRedPacket(e.luckyMoneyId),
            (draw) => ({ type: 'rest/redPacketDrawn', draw }),
          )
        case 'ui/redPacketResultsOpened':
          return restCall(
            'loadRedPackets',
            () => rest.loadRedPackets(roomId, e.luckyMoneyId),
            (list) => ({ type: 'rest/redPacketsLoaded', luckyMoneyId: e.luckyMoneyId, list }),
          )
        case 'ui/signInClicked':
          if (s.me?.role === Role.projection) return EMPTY
          return restCall(
            'signIn',
            () => rest.signIn(roomId),
            (record) => ({ type: 'rest/signedIn', record }),
          )
        case 'ui/signInWallOpened':
          return restCall(
            'loadSignIns',
            () => rest.loadSignIns(roomId),
            (list) => ({ type: 'rest/signInsLoaded', list }),
          )
        case 'ui/goodsOpened':
          return restCall(
            'loadGoods',
            () => rest.loadGoods(roomId),
            (goods) => ({ type: 'rest/goodsLoaded', goods }),
          )
        case 'ui/goodsAdded':
          if (!host) return EMPTY
          return restCall(
            'addGoods',
            () => rest.addGoods(roomId, e.draft),
            (goods) => ({ type: 'rest/goodsAdded', goods }),
          )
        case 'ui/goodsPresented':
          if (!host) return EMPTY
          return restCall(
            'presentGoods',
            () => rest.presentGoods(roomId, e.goodsId, e.show),
            (goods) => ({ type: 'rest/goodsPresented', goods, show: e.show }),
          )
        default:
          return EMPTY
      }
    }),
  )

/** On entry, a red packet still open in the room reaches a late comer too. */
export const openRedPacketEffect: RoomEffect = (event$, state$, { rest }) =>
  event$.pipe(
    ofType('life/entered'),
    withLatestFrom(state$),
    filter(([, s]) => s.room !== null && s.me?.role !== Role.projection),
    mergeMap(([, s]) =>
      restCall(
        'loadOpenRedPacket',
        () => rest.loadOpenRedPacket(roomIdOf(s)),
        (packet): Event => ({ type: 'rest/openRedPacketLoaded', packet: packet ?? null }),
      ),
    ),
  )
