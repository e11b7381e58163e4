import {
  catchError,
  concat,
  exhaustMap,
  filter,
  map,
  mergeMap,
  of,
  retry,
  timer,
  withLatestFrom,
  type Observable,
} from 'rxjs'
import type { Effect } from '../core/store'
import { ofType } from '../core/of-type'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import { callFailed, ErrorText, messageOf, once } from './errors'

type RoomEffect = Effect<State, Event, Deps>
type Room = NonNullable<State['room']>

/**
 * A refresh that fails is tried again after 2 s and 4 s: the SDKs warn 30 s before the end, so
 * all three attempts fit before it, and a server restart or a dropped request does not cost the
 * member its media.
 */
export const TOKEN_REFRESH_RETRY_MS = [2000, 4000] as const

/**
 * [API-4] Token renewal. The media and messaging adapters report their SDK's warnings as facts
 * (rtc/tokenWillExpire 30 s before the end, rtc/tokenExpired once out of the channel,
 * rtm/tokenWillExpire, rtm/tokenExpired while reconnecting); this effect asks the server for a
 * fresh set (POST room/{roomId}/token/refresh: rest/tokenRefreshed, or after three failed
 * attempts rest/callFailed 'refresh token failed', [ERR-1]) and hands the RTC and screen tokens
 * to media and the RTM token to messaging, each outcome a fact: …/tokenRenewed or
 * …/tokenRenewFailed. Warnings arriving while one renewal runs join it.
 */
export const tokenEffect: RoomEffect = (event$, state$, deps) =>
  event$.pipe(
    ofType('rtc/tokenWillExpire', 'rtc/tokenExpired', 'rtm/tokenWillExpire', 'rtm/tokenExpired'),
    withLatestFrom(state$),
    filter(([, s]) => s.room !== null),
    exhaustMap(([, s]) =>
      once(() => deps.rest.refreshToken((s.room as Room).roomId, s.me?.uid)).pipe(
        retry({
          count: TOKEN_REFRESH_RETRY_MS.length,
          delay: (_error, n) => timer(TOKEN_REFRESH_RETRY_MS[n - 1] ?? 0, deps.scheduler),
        }),
        mergeMap((answer): Observable<Event> => {
          const tokens = answer as NonNullable<typeof answer>
          return concat(
            of<Event>({ type: 'rest/tokenRefreshed', ...tokens }),
            renewed(
              () => deps.media.renewToken(tokens.rtcToken, tokens.screenToken),
              { type: 'rtc/tokenRenewed' },
              (message) => ({ type: 'rtc/tokenRenewFailed', message }),
            ),
            renewed(
              () => deps.messaging.renewToken(tokens.rtmToken),
              { type: 'rtm/tokenRenewed' },
              (message) => ({ type: 'rtm/tokenRenewFailed', message }),
            ),
          )
        }),
        catchError((error: unknown) =>
          of(callFailed('refreshToken', error, ErrorText.refreshToken)),
        ),
      ),
    ),
  )

/** Hands a token to an adapter: the renewal's outcome as a fact. */
function renewed(
  renew: () => ReturnType<Deps['media']['renewToken']>,
  ok: Event,
  failed: (message: string) => Event,
): Observable<Event> {
  return once(renew).pipe(
    map(() => ok),
    catchError((error: unknown) => of(failed(messageOf(error)))),
  )
}
