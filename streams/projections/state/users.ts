import type { PMap } from '../../core/pmap'
import type { Member } from '../../wire/member'

/**
 * The user groups of spec §3, each keyed by uid: hosts and audiences (the roster, by role), and
 * the sets of board grantees and screen sharers. Persistent maps: one change copies a path, never
 * the 10,000 other members.
 */
export interface UsersState {
  readonly hosts: PMap<Member>
  readonly audiences: PMap<Member>
  readonly shareBoardUsers: PMap<true>
  readonly shareScreenUsers: PMap<true>
  /**
   * The audiences whose audio is on: the ones a forced mute turns off ([MUTE-2]), so a mute
   * touches them and not the whole roster. Always the audiences with `enableAudio` 1.
   */
  readonly audioOn: PMap<true>
}
