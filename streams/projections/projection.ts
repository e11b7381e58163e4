import { defineProjection } from '../core/projection'
import { PMap } from '../core/pmap'
import type { Event } from '../events'
import { Role } from '../wire/roles'
import { meIsHost } from './derive'
import type { Slices } from './state'
import type { ProjectionScreen, ProjectionState } from './state/projection'
export type { ProjectionScreen, ProjectionState } from './state/projection'

export const initialProjection: ProjectionState = {
  screens: PMap.empty(),
  mine: null,
  deleted: false,
}

/** A copy with some fields replaced (undefined is no change); an object literal, fast to fold. */
export function withProjection(s: ProjectionState, p: Partial<ProjectionState>): ProjectionState {
  return {
    screens: p.screens === undefined ? s.screens : p.screens,
    mine: p.mine === undefined ? s.mine : p.mine,
    deleted: p.deleted === undefined ? s.deleted : p.deleted,
  }
}

/** Audiences (not hosts, not projections) ignore join-projection messages ([PROJ-4]). */
const ignoresJoins = ({ me }: Slices<'me'>) =>
  me !== null && me.role !== Role.host && me.role !== Role.projection

export const projectionProjection = defineProjection<ProjectionState, Event, Slices<'me'>>(
  initialProjection,
  {
    'rest/roomEntered': (p, { data: { me } }) =>
      withProjection(p, {
        mine: me.role === Role.projection ? me.screenId || null : null,
        deleted: false,
      }),
    // [CMD-14] [PROJ-2] [PROJ-4]
    'msg/projectionJoined': (p, { data }, reads) => {
      if (ignoresJoins(reads) || data.projectionId === '' || data.uids.length === 0) return p
      const before = p.screens.get(data.projectionId)
      const screen: ProjectionScreen = {
        projectionId: data.projectionId,
        uids: data.uids,
        layoutCount: data.layoutCount ?? before?.layoutCount ?? data.uids.length,
        projectionUrl: data.projectionUrl ?? before?.projectionUrl ?? '',
      }
      return withProjection(p, { screens: p.screens.set(data.projectionId, screen) })
    },
    // [CMD-16] [PROJ-1] the layout count only decreases; [PROJ-2] empty id or uids are ignored
    'msg/projectionEdited': (p, { data }) => {
      if (data.projectionId === '' || data.uids.length === 0) return p
      const before = p.screens.get(data.projectionId)
      const layoutCount = before ? Math.min(before.layoutCount, data.layoutCount) : data.layoutCount
      const screen: ProjectionScreen = {
        projectionId: data.projectionId,
        uids: data.uids,
        layoutCount,
        projectionUrl: before?.projectionUrl ?? '',
      }
      return withProjection(p, { screens: p.screens.set(data.projectionId, screen) })
    },
    // [CMD-15] [PROJ-4] the host ignores it; [PROJ-3] my own address deleted
    'msg/projectionDeleted': (p, { data }, reads) => {
      if (meIsHost(reads) || data.projectionId === '') return p
      return withProjection(p, {
        screens: p.screens.delete(data.projectionId),
        deleted: p.deleted || data.projectionId === p.mine,
      })
    },
    'rest/projectionUsersLoaded': (p, e) => {
      const before = p.screens.get(e.projectionId)
      if (!before || e.uids.length === 0) return p
      return withProjection(p, {
        screens: p.screens.set(e.projectionId, { ...before, uids: e.uids }),
      })
    },
    'life/exited': (p) => ({ ...initialProjection, deleted: p.deleted }),
  },
)
