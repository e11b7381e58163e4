import {
  catchError,
  concat,
  distinctUntilChanged,
  EMPTY,
  filter,
  ignoreElements,
  map,
  of,
  skip,
  switchMap,
} from 'rxjs'
import type { Effect } from '../core/store'
import type { Event } from '../events'
import type { Deps, RemoteVolumes } from '../ports'
import type { State } from '../projections'
import { isOnCdnWatch } from '../projections/derive'
import { selectRemoteVolumes } from '../selectors/interpretation'
import { once } from './errors'

type RoomEffect = Effect<State, Event, Deps>

/** What every adapter plays before it is told otherwise. */
const EVERYONE: RemoteVolumes = { room: 100, users: {} }

const same = (a: RemoteVolumes, b: RemoteVolumes): boolean => {
  if (a === b) return true
  if (a.room !== b.room) return false
  const keys = Object.keys(a.users)
  return keys.length === Object.keys(b.users).length && keys.every((k) => a.users[k] === b.users[k])
}

/**
 * Interpretation in the meeting: what I chose to hear (the original sound or an interpreted
 * language, `ui/interpretationChosen`) and who interprets set the remote voices' volumes through
 * the media adapter, once in the media channel (an audience on CDN watch hears the live stream's
 * own language tracks instead). Only changes are sent: the adapter keeps the volumes, for voices
 * heard later and after a rejoin.
 */
export const interpretationEffect: RoomEffect = (_event$, state$, { media }) =>
  concat(
    of(EVERYONE),
    state$.pipe(
      filter((s) => s.media.joined && !isOnCdnWatch(s)),
      map(selectRemoteVolumes),
    ),
  ).pipe(
    distinctUntilChanged(same),
    skip(1),
    switchMap((volumes) =>
      once(() => media.setRemoteVolumes(volumes)).pipe(
        ignoreElements(),
        catchError(() => EMPTY),
      ),
    ),
  )
