import { catchError, concatMap, map, of, withLatestFrom } from 'rxjs'
import type { Effect } from '../core/store'
import { ofType } from '../core/of-type'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import { channelMessage, Cmd, type ChatData } from '../wire/channel'
import { Role } from '../wire/roles'
import { messageOf, once } from './errors'

/** Sends a chat line on the channel (cmd 1); my own line is added once it is sent. */
export const chatEffect: Effect<State, Event, Deps> = (event$, state$, { messaging, now, newId }) =>
  event$.pipe(
    ofType('ui/chatSubmitted'),
    withLatestFrom(state$),
    concatMap(([{ text }, state]) => {
      const me = state.me
      const message = text.trim()
      if (!me || message === '') return of<Event>()
      const host = me.role === Role.host
      if (!host && (me.enableChat === 0 || state.conference.muteAllChat === 1)) return of<Event>()
      const data: ChatData = { userId: me.userId, userName: me.userName, message, id: newId() }
      const timestamp = now()
      return once(() =>
        messaging.sendChannelMessage(JSON.stringify(channelMessage(Cmd.chat, data, timestamp))),
      ).pipe(
        map((): Event => ({ type: 'msg/chatSent', from: me.uid, timestamp, data })),
        catchError((error: unknown) =>
          of<Event>({ type: 'rtm/sendFailed', message: messageOf(error) }),
        ),
      )
    }),
  )
