import type { State } from '../projections'
import type { Member } from '../wire/member'
import { Role } from '../wire/roles'

export const selectPhase = (s: State) => s.session.phase
export const selectEntryError = (s: State) => s.session.entryError
export const selectOnlineCount = (s: State) => s.session.onlineCount
export const selectMe = (s: State) => s.me
export const selectRoom = (s: State) => s.room
export const selectChatMessages = (s: State) => s.chat.messages

let lastUsers: State['users'] | undefined
let lastMembers: readonly Member[] = []

/** Members present in the room, hosts first, then in arrival order. */
export function selectMembers(s: State): readonly Member[] {
  if (s.users === lastUsers) return lastMembers
  const members = s.users.order
    .map((uid) => s.users.byUid[uid])
    .filter((m): m is Member => m !== undefined)
  const hosts = members.filter((m) => m.role === Role.host)
  const others = members.filter((m) => m.role !== Role.host)
  lastUsers = s.users
  lastMembers = [...hosts, ...others]
  return lastMembers
}
