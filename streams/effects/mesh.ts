import { EMPTY, distinctUntilChanged, filter, map, switchMap } from 'rxjs'
import { createSelector } from 'reselect'
import type { Effect } from '../core/store'
import { ofType } from '../core/of-type'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import { selectPublisherCount } from '../selectors/video'
import type { Member } from '../wire/member'
import { Role } from '../wire/roles'

type RoomEffect = Effect<State, Event, Deps>

export interface MeshOutgrowth {
  readonly limit: 'publishers' | 'watchers'
  readonly count: number
  readonly max: number
}

/**
 * How many people take part in the room's media: everyone present but a CDN audience (role 3)
 * while the audience watches the CDN stream (watch type not 1, [MSG-5]).
 */
export const selectMediaParticipants: (s: State) => number = createSelector(
  [(s: State) => s.users, (s: State) => s.room?.audienceWatchType],
  (users, watchType): number => {
    let n = users.hosts.size
    users.audiences.forEach((m: Member) => {
      if (m.role !== Role.cdnAudience || watchType === 1) n++
    })
    return n
  },
)

/**
 * Whether the room is beyond what the mesh sustains: more publishers ([ROLE-4] media hosts) than
 * it carries, or more people than one publisher can send to (every other participant watches
 * every publisher). Publishers first: a room over both is told the harder limit.
 */
export function meshOutgrowth(
  s: State,
  limits: { publishers: number; watchers: number },
): MeshOutgrowth | null {
  const publishers = selectPublisherCount(s)
  if (publishers > limits.publishers)
    return { limit: 'publishers', count: publishers, max: limits.publishers }
  const watchers = selectMediaParticipants(s) - 1
  if (watchers > limits.watchers)
    return { limit: 'watchers', count: watchers, max: limits.watchers }
  return null
}

/**
 * Local mode without a media server: a host whose room outgrows the mesh it joined
 * (`rtc/meshJoined` names its limits) is told so, once each time the room crosses a limit
 * (`rtc/meshOutgrown`, a warning naming the SFU and Agora mode). Nobody else is.
 */
export const meshOutgrownEffect: RoomEffect = (event$, state$) =>
  event$.pipe(
    ofType('rtc/meshJoined', 'rtc/left', 'life/exited'),
    switchMap((e) =>
      e.type !== 'rtc/meshJoined'
        ? EMPTY
        : state$.pipe(
            map((s) => (s.me?.role === Role.host ? meshOutgrowth(s, e) : null)),
            distinctUntilChanged((a, b) => a?.limit === b?.limit),
            filter((o): o is MeshOutgrowth => o !== null),
            map((o): Event => ({ type: 'rtc/meshOutgrown', ...o })),
          ),
    ),
  )
