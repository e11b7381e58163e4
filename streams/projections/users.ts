import { defineProjection } from '../core/projection'
import { PMap } from '../core/pmap'
import type { Event } from '../events'
import type { Member } from '../wire/member'
import { mutesAudiences } from '../wire/constants'
import { Role } from '../wire/roles'
import { isLiveOn } from './derive'
import { patchMember, placeholder, sameMember, unchanged, withFlags } from './member-record'
import type { Slices } from './state'
import type { UsersState } from './state/users'
export type { UsersState } from './state/users'

type RosterResynced = Extract<Event, { type: 'rest/rosterResynced' }>

/** The slices the roster's rules read: the board's creator, the room, whether live is on. */
type Reads = Slices<'conference' | 'room' | 'live'>

export const initialUsers: UsersState = {
  hosts: PMap.empty(),
  audiences: PMap.empty(),
  shareBoardUsers: PMap.empty(),
  shareScreenUsers: PMap.empty(),
  audioOn: PMap.empty(),
}

/** The groups with some replaced (an object literal: spreads are slow on the fold's hot path). */
function withGroups(s: UsersState, p: Partial<UsersState>): UsersState {
  return {
    hosts: p.hosts ?? s.hosts,
    audiences: p.audiences ?? s.audiences,
    shareBoardUsers: p.shareBoardUsers ?? s.shareBoardUsers,
    shareScreenUsers: p.shareScreenUsers ?? s.shareScreenUsers,
    audioOn: p.audioOn ?? s.audioOn,
  }
}

/** Whether a record belongs in `audioOn`: an audience whose audio is on. */
const audioIsOn = (member: Member | undefined): boolean =>
  member !== undefined && member.role !== Role.host && member.enableAudio === 1

/** The `audioOn` group of a roster's audiences (a decoded snapshot rebuilds it, never reads it). */
export function audioOnOf(audiences: PMap<Member>): PMap<true> {
  let audioOn = PMap.empty<true>()
  audiences.forEach((member) => {
    if (audioIsOn(member)) audioOn = audioOn.set(member.uid, true)
  })
  return audioOn
}

/** Puts a member in its group by role (moving it when its role changed) and mirrors grantBoard. */
export const put = (s: UsersState, member: Member): UsersState =>
  place(s, member, find(s, member.uid))

/**
 * `put` for a caller that has just looked the member up: `before` is its record, or undefined
 * when it is in neither group. Each group is written only when the change concerns it: a record
 * that keeps its role, grant and audio is one map write, and a newcomer deletes nothing (every
 * roster event of a meeting comes here; the deletes of absent keys were most of the joins' cost in
 * bench:fold).
 */
function place(s: UsersState, member: Member, before: Member | undefined): UsersState {
  const uid = member.uid
  const isHost = member.role === Role.host
  const moved = before !== undefined && (before.role === Role.host) !== isHost
  const hosts = isHost ? s.hosts.set(uid, member) : moved ? s.hosts.delete(uid) : s.hosts
  const audiences = !isHost
    ? s.audiences.set(uid, member)
    : moved
      ? s.audiences.delete(uid)
      : s.audiences
  const granted = member.grantBoard === 1
  const shareBoardUsers =
    before !== undefined && (before.grantBoard === 1) === granted
      ? s.shareBoardUsers
      : granted
        ? s.shareBoardUsers.set(uid, true)
        : s.shareBoardUsers.delete(uid)
  const on = audioIsOn(member)
  const audioOn =
    audioIsOn(before) === on ? s.audioOn : on ? s.audioOn.set(uid, true) : s.audioOn.delete(uid)
  if (
    hosts === s.hosts &&
    audiences === s.audiences &&
    shareBoardUsers === s.shareBoardUsers &&
    audioOn === s.audioOn
  )
    return s
  return { hosts, audiences, shareBoardUsers, shareScreenUsers: s.shareScreenUsers, audioOn }
}

function setGrant(s: UsersState, uid: string, grantBoard: 0 | 1): UsersState {
  const member = find(s, uid)
  if (!member || member.grantBoard === grantBoard) return s
  return place(
    s,
    withFlags(member, undefined, undefined, undefined, undefined, grantBoard, undefined),
    member,
  )
}

const find = (s: UsersState, uid: string): Member | undefined =>
  s.audiences.get(uid) ?? s.hosts.get(uid)

/** The member's fields that differ in `patch` (undefined fields are not changes). */
function change(s: UsersState, uid: string, patch: Partial<Member>): UsersState {
  const member = find(s, uid)
  if (!member) return s // [MSG-6] a message about a missing audience changes nothing
  const next = patchMember(member, patch)
  return sameMember(member, next) ? s : place(s, next, member)
}

/** [BOARD-2] [BOARD-5] every board grantee loses its grant; nobody shares the board. */
function clearBoardGrants(s: UsersState): UsersState {
  if (s.shareBoardUsers.size === 0) return s
  let out = s
  for (const uid of s.shareBoardUsers.keys()) out = setGrant(out, uid, 0)
  return withGroups(out, { shareBoardUsers: PMap.empty() })
}

/** A member leaves: out of every group ([SCREEN-2]); the creator leaving ends the share ([BOARD-7]). */
function leave(s: UsersState, uid: string, reads: Reads): UsersState {
  // the record says which group holds it and whether `audioOn` does, so neither big map is
  // walked for a key it does not hold (the small grantee and sharer maps are)
  const member = find(s, uid)
  if (member === undefined) return s
  const isHost = member.role === Role.host
  let out: UsersState = {
    hosts: isHost ? s.hosts.delete(uid) : s.hosts,
    audiences: isHost ? s.audiences : s.audiences.delete(uid),
    shareBoardUsers: s.shareBoardUsers.delete(uid),
    shareScreenUsers: s.shareScreenUsers.delete(uid),
    audioOn: audioIsOn(member) ? s.audioOn.delete(uid) : s.audioOn,
  }
  if (uid === reads.conference.createBoardUserId) out = clearBoardGrants(out)
  return out
}

/**
 * [HOST-3] While live is on, a member joining as host becomes the new host (the hosts before it
 * become audiences and it is remembered as replacing them), unless it is the previous host, which
 * comes back as an audience.
 */
function joinDuringLive(s: UsersState, member: Member, reads: Reads): UsersState {
  if (member.role !== Role.host || !isLiveOn(reads) || s.hosts.has(member.uid))
    return put(s, member)
  if (member.uid === reads.conference.replacedHostUid)
    return put(s, patchMember(member, { role: Role.conferee }))
  let out = s
  for (const host of s.hosts.values()) out = put(out, patchMember(host, { role: Role.conferee }))
  return put(out, member)
}

function grant(s: UsersState, uid: string, value: 0 | 1, reads: Reads): UsersState {
  if (!find(s, uid)) return s // [BOARD-9] an unknown user: aborted
  if (value === 1) return setGrant(s, uid, 1) // [BOARD-3]
  if (uid === reads.conference.createBoardUserId) return clearBoardGrants(s) // [BOARD-5]
  return setGrant(s, uid, 0) // [BOARD-6]
}

function setHost(s: UsersState, oldHostUid: string, newHostUid: string): UsersState {
  if (!s.hosts.has(newHostUid) && !s.audiences.has(newHostUid)) return s
  return change(change(s, oldHostUid, { role: Role.conferee }), newHostUid, { role: Role.host })
}

export const usersProjection = defineProjection<UsersState, Event, Reads>(initialUsers, {
  'rest/usersLoaded': (s, e) => e.users.reduce((out, m) => put(out, m), s),
  'rest/rosterResynced': (s, e, reads) => resync(s, e, reads),
  'rest/roomEntered': (s, { data: { me, roomInfo } }) =>
    put(s, {
      roomId: roomInfo.roomId,
      uid: me.uid,
      role: me.role,
      userId: me.userId,
      userName: me.userName,
      userUuid: me.userUuid,
      userPhoto: me.userPhoto,
      enableAudio: me.enableAudio,
      enableVideo: me.enableVideo,
      enableChat: me.enableChat,
      grantBoard: me.grantBoard,
      grantScreen: me.grantScreen,
      screenId: me.screenId,
      userState: 1,
    }),
  'rest/roomLoaded': (s, e) => (e.user ? put(s, e.user) : s),
  // [CMD-2] [KICK-2] a member joined, changed, or left (also when dropped by the server)
  'msg/memberChanged': (s, { data }, reads) =>
    data.type === 'leave'
      ? leave(s, data.member.uid, reads)
      : joinDuringLive(s, data.member, reads),
  // [MSG-9] MemberJoined adds a member, MemberLeft removes it
  'rtm/memberJoined': (s, e, reads) => {
    const known = find(s, e.uid)
    if (!known) return place(s, placeholder(reads.room?.roomId ?? '', e.uid), undefined)
    if (known.userState === 1) return s
    return place(
      s,
      withFlags(known, undefined, undefined, undefined, undefined, undefined, 1),
      known,
    )
  },
  'rtm/memberLeft': (s, e, reads) => leave(s, e.uid, reads),
  // [CMD-4] the member's flags that changed
  'msg/userStateChanged': (s, { data }) => {
    const member = find(s, data.uid)
    if (!member) return s // [MSG-6] a missing audience
    // compare before building a member: a message that changes nothing allocates nothing
    if (
      unchanged(data.enableAudio, member.enableAudio) &&
      unchanged(data.enableVideo, member.enableVideo) &&
      unchanged(data.enableChat, member.enableChat) &&
      unchanged(data.grantScreen, member.grantScreen)
    )
      return s
    const next = withFlags(
      member,
      data.enableAudio,
      data.enableVideo,
      data.enableChat,
      data.grantScreen,
      undefined,
      undefined,
    )
    return place(s, next, member)
  },
  'rest/userMediaUpdated': (s, e) => change(s, e.uid, { [e.flag]: e.value }),
  // [MUTE-2] [MUTE-4] mute all (forced, or with applying to speak) sets every audience's audio to 0
  'msg/roomInfoChanged': (s, e) => (mutesAudiences(e.data.muteAllAudio) ? muteAudiences(s) : s),
  'rest/muteAllUpdated': (s, e) => (mutesAudiences(e.muteAllAudio) ? muteAudiences(s) : s),
  // [CMD-5] board share off clears every grant ([BOARD-2]); grants follow [BOARD-3] to [BOARD-6]
  'msg/boardShareChanged': (s, { data }, reads) =>
    data.kind === 'share'
      ? data.shareBoard === 0
        ? clearBoardGrants(s)
        : s
      : grant(s, data.uid, data.grantBoard, reads),
  'rest/boardGrantUpdated': (s, e, reads) => grant(s, e.uid, e.grant, reads),
  // [CMD-6] [SCREEN-1] 1 adds a sharer, 0 clears all sharers
  'msg/screenShareChanged': (s, { data }) =>
    data.screenShare === 1
      ? withGroups(s, { shareScreenUsers: s.shareScreenUsers.set(data.uid, true) })
      : s.shareScreenUsers.size === 0
        ? s
        : withGroups(s, { shareScreenUsers: PMap.empty() }),
  // [CMD-7] [HOST-1] the old host becomes 2, the chosen audience 1
  'msg/hostChanged': (s, { data }) => setHost(s, data.oldHostUid, data.newHostUid),
  'rest/hostSet': (s, e) => setHost(s, e.oldHostUid, e.newHostUid),
  // [CMD-8] a kicked member is out
  'msg/kickedOut': (s, e, reads) => leave(s, e.data.uid, reads),
  'rest/userKicked': (s, e, reads) => leave(s, e.uid, reads),
  // [CMD-31] a member's join name
  'msg/joinNameChanged': (s, { data }) => change(s, data.uid, { userName: data.name }),
  // [END-1] the room ended: the hosts are cleared
  'life/ended': (s) => (s.hosts.size === 0 ? s : withGroups(s, { hosts: PMap.empty() })),
  'life/exited': () => initialUsers,
})

/**
 * The roster read again after a reconnection: every listed member as the server holds it (role,
 * grants, flags), but for those told leaving while it was read; when the list is whole (see
 * rest/rosterResynced), the known members it misses, but for those told arriving while it was
 * read, left during the gap ([MSG-9]); and no screen sharer remains when the room says nobody
 * shares.
 */
function resync(s: UsersState, e: RosterResynced, reads: Reads): UsersState {
  const left = new Set(e.left)
  let out = e.users.reduce((acc, m) => (left.has(m.uid) ? acc : put(acc, m)), s)
  if (e.arrived !== undefined || (!e.paged && e.users.length >= e.total)) {
    const kept = new Set(e.users.map((m) => m.uid))
    for (const uid of e.arrived ?? []) kept.add(uid)
    const gone = [...out.hosts.keys(), ...out.audiences.keys()].filter((uid) => !kept.has(uid))
    for (const uid of gone) out = leave(out, uid, reads)
  }
  if (reads.conference.shareScreen === 0 && out.shareScreenUsers.size > 0)
    out = withGroups(out, { shareScreenUsers: PMap.empty() })
  return out
}

/** [MUTE-2] Every audience's audio off: only the audiences whose audio is on change. */
function muteAudiences(s: UsersState): UsersState {
  if (s.audioOn.size === 0) return s
  let audiences = s.audiences
  for (const uid of s.audioOn.keys()) {
    const member = audiences.get(uid)
    if (member)
      audiences = audiences.set(
        uid,
        withFlags(member, 0, undefined, undefined, undefined, undefined, undefined),
      )
  }
  return withGroups(s, { audiences, audioOn: PMap.empty() })
}
