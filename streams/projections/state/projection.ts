import type { PMap } from '../../core/pmap'

/** A projection screen (an extra display page) and whom it shows. */
export interface ProjectionScreen {
  readonly projectionId: string
  readonly uids: readonly string[]
  readonly layoutCount: number
  readonly projectionUrl: string
}

export interface ProjectionState {
  /** Projection screens this participant manages (hosts) or is (role 4), by id. */
  readonly screens: PMap<ProjectionScreen>
  /** The projection id this client is, for role 4 (its screenId). */
  readonly mine: string | null
  /** My projection address was deleted ([PROJ-3]). */
  readonly deleted: boolean
}
