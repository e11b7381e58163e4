import { firstHost, isRtmpUid, memberOf } from '../projections/derive'
import type { State } from '../projections'
import type { Member } from '../wire/member'

export { firstHost as selectFirstHost, isRtmpUid, memberOf as selectMember }

function memo<T>(pick: (s: State) => unknown, compute: (s: State) => T): (s: State) => T {
  let lastKey: unknown
  let last: T | undefined
  let primed = false
  return (s) => {
    const key = pick(s)
    if (!primed || key !== lastKey) {
      last = compute(s)
      lastKey = key
      primed = true
    }
    return last as T
  }
}

const byName = (a: Member, b: Member) =>
  a.userName < b.userName ? -1 : a.userName > b.userName ? 1 : a.uid < b.uid ? -1 : 1

/** Members present in the room: hosts first, then audiences, each by name. */
export const selectMembers = memo(
  (s) => s.users,
  (s): readonly Member[] => [
    ...s.users.hosts.values().sort(byName),
    ...s.users.audiences.values().sort(byName),
  ],
)

export const selectHosts = memo(
  (s) => s.users.hosts,
  (s): readonly Member[] => s.users.hosts.values().sort(byName),
)

export const selectAudienceCount = (s: State): number => s.users.audiences.size

/** [RTMP-1] The members whose uid has 4 digits: RTMP input users. */
export const selectRtmpUsers = memo(
  (s) => s.users,
  (s): readonly Member[] => selectMembers(s).filter((m) => isRtmpUid(m.uid)),
)

export const selectBoardSharers = (s: State): readonly string[] => s.users.shareBoardUsers.keys()
export const selectScreenSharers = (s: State): readonly string[] => s.users.shareScreenUsers.keys()
