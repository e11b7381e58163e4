import { createSelector } from 'reselect'
import { firstHost, isRtmpUid, memberOf } from '../projections/derive'
import type { State } from '../projections'
import type { Member } from '../wire/member'
import { Role } from '../wire/roles'

export { firstHost as selectFirstHost, isRtmpUid, memberOf as selectMember }

const byName = (a: Member, b: Member) =>
  a.userName < b.userName ? -1 : a.userName > b.userName ? 1 : a.uid < b.uid ? -1 : 1

// Memoised with reselect (its WeakMap cache is keyed by the inputs), so the live meeting's store
// and a replay's on the same page never evict each other's results.

/** Members present in the room: hosts first, then audiences, each by name. */
export const selectMembers: (s: State) => readonly Member[] = createSelector(
  [(s: State) => s.users],
  (users): readonly Member[] => membersOf(users),
)

/** The roster in the member list's order: hosts first, then audiences, each by name. */
export function membersOf(users: State['users']): readonly Member[] {
  return [...users.hosts.values().sort(byName), ...users.audiences.values().sort(byName)]
}

export const selectHosts: (s: State) => readonly Member[] = createSelector(
  [(s: State) => s.users.hosts],
  (hosts): readonly Member[] => hosts.values().sort(byName),
)

export const selectAudienceCount = (s: State): number => s.users.audiences.size

/**
 * The audience list by role: conferees (role 2, in the meeting) and the CDN audience (role 3,
 * watching the live stream). A CDN audience member is not a conferee.
 */
export const selectAudienceByRole: (s: State) => {
  readonly conferees: number
  readonly cdnAudience: number
} = createSelector(
  [(s: State) => s.users.audiences],
  (audiences): { readonly conferees: number; readonly cdnAudience: number } => {
    let conferees = 0
    let cdnAudience = 0
    for (const m of audiences.values()) {
      if (m.role === Role.conferee) conferees++
      else if (m.role === Role.cdnAudience) cdnAudience++
    }
    return { conferees, cdnAudience }
  },
)

/** [RTMP-1] The members whose uid has 4 digits: RTMP input users. */
export const selectRtmpUsers: (s: State) => readonly Member[] = createSelector(
  [selectMembers],
  (members): readonly Member[] => members.filter((m) => isRtmpUid(m.uid)),
)

export const selectBoardSharers = (s: State): readonly string[] => s.users.shareBoardUsers.keys()
export const selectScreenSharers = (s: State): readonly string[] => s.users.shareScreenUsers.keys()
