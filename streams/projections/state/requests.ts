import type { PMap } from '../../core/pmap'
import type { RequestTypeId } from '../../wire/peer'

/** One open media request: an application or an invitation ([APPLY-1]). */
export interface MediaRequest {
  /** The other side's uid. */
  readonly uid: string
  readonly userId: string
  readonly userName: string
  readonly type: RequestTypeId
  readonly invite: boolean
}

/** Open requests, keyed `${uid}:${type}`. */
export interface RequestsState {
  /** Applications I must decide (I am the host or the board creator). */
  readonly applications: PMap<MediaRequest>
  /** Invitations I must decide. */
  readonly invitations: PMap<MediaRequest>
  /** Requests and invitations I sent that are not answered yet. */
  readonly sent: PMap<MediaRequest>
}
