import { catchError, distinctUntilChanged, filter, map, merge, of, switchMap } from 'rxjs'
import type { Effect } from '../core/store'
import { ofType } from '../core/of-type'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import type { DeviceKind } from '../wire/media'
import { messageOf, once } from './errors'

type RoomEffect = Effect<State, Event, Deps>

/** [TRACK-3] [TRACK-5] The media layer follows the chosen devices (hot-plug or fallback). */
export const deviceSwitchEffect: RoomEffect = (_event$, state$, { media }) => {
  const kind = (k: DeviceKind) =>
    state$.pipe(
      filter((s) => s.media.joined),
      map((s) => s.devices.chosen[k]),
      distinctUntilChanged(),
      filter((id) => id !== ''),
      switchMap((deviceId) =>
        once(() => media.switchDevice(k, deviceId)).pipe(
          map((): Event => ({ type: 'device/switched', kind: k, deviceId })),
          catchError((error: unknown) =>
            of<Event>({
              type: 'device/switchFailed',
              kind: k,
              deviceId,
              message: messageOf(error),
            }),
          ),
        ),
      ),
    )
  return merge(kind('camera'), kind('microphone'), kind('speaker'))
}

/** The device lists, when the app starts and when I enter a room. */
export const deviceListEffect: RoomEffect = (event$, _state$, { devices }) =>
  event$.pipe(
    ofType('life/appStarted', 'life/entered'),
    switchMap(() =>
      once(() => devices.list()).pipe(
        map((list): Event => ({ type: 'device/listChanged', devices: list ?? [] })),
        catchError((error: unknown) =>
          of<Event>({ type: 'device/listFailed', message: messageOf(error) }),
        ),
      ),
    ),
  )
