import type { Member } from '../wire/member'
import { Role } from '../wire/roles'

/**
 * A member's record as the users projection rebuilds it (object literals, the fields always in
 * the same order), and the comparisons that let a handler keep the state when nothing changes.
 */

/**
 * A member with its flags replaced (undefined is no change), as an object literal. Positional, so
 * the fold's hottest update reads no patch object of varying shape.
 */
export function withFlags(
  m: Member,
  enableAudio: 0 | 1 | undefined,
  enableVideo: 0 | 1 | undefined,
  enableChat: 0 | 1 | undefined,
  grantScreen: 0 | 1 | undefined,
  grantBoard: 0 | 1 | undefined,
  userState: 0 | 1 | undefined,
): Member {
  return {
    roomId: m.roomId,
    uid: m.uid,
    role: m.role,
    userId: m.userId,
    userName: m.userName,
    userUuid: m.userUuid,
    userPhoto: m.userPhoto,
    enableAudio: enableAudio ?? m.enableAudio,
    enableVideo: enableVideo ?? m.enableVideo,
    enableChat: enableChat ?? m.enableChat,
    grantBoard: grantBoard ?? m.grantBoard,
    grantScreen: grantScreen ?? m.grantScreen,
    screenId: m.screenId,
    userState: userState ?? m.userState,
  }
}

/** A member with some fields replaced (undefined is no change), as an object literal. */
export function patchMember(m: Member, p: Partial<Member>): Member {
  return {
    roomId: m.roomId,
    uid: m.uid,
    role: p.role ?? m.role,
    userId: p.userId ?? m.userId,
    userName: p.userName ?? m.userName,
    userUuid: m.userUuid,
    userPhoto: p.userPhoto ?? m.userPhoto,
    enableAudio: p.enableAudio ?? m.enableAudio,
    enableVideo: p.enableVideo ?? m.enableVideo,
    enableChat: p.enableChat ?? m.enableChat,
    grantBoard: p.grantBoard ?? m.grantBoard,
    grantScreen: p.grantScreen ?? m.grantScreen,
    screenId: p.screenId ?? m.screenId,
    userState: p.userState ?? m.userState,
  }
}

/** Whether two records of a member hold the same fields. */
export function sameMember(a: Member, b: Member): boolean {
  return (
    a.role === b.role &&
    a.userId === b.userId &&
    a.userName === b.userName &&
    a.userPhoto === b.userPhoto &&
    a.enableAudio === b.enableAudio &&
    a.enableVideo === b.enableVideo &&
    a.enableChat === b.enableChat &&
    a.grantBoard === b.grantBoard &&
    a.grantScreen === b.grantScreen &&
    a.screenId === b.screenId &&
    a.userState === b.userState
  )
}

/** A flag a message leaves as it is: absent, or the member's value. */
export const unchanged = (flag: 0 | 1 | undefined, current: 0 | 1): boolean =>
  flag === undefined || flag === current

/** The member flags a user-state message carries (never its actor fields). */
export function userFlags(data: {
  enableAudio?: 0 | 1
  enableVideo?: 0 | 1
  enableChat?: 0 | 1
  grantScreen?: 0 | 1
}): Partial<Member> {
  const out: { -readonly [K in keyof Member]?: Member[K] } = {}
  if (data.enableAudio !== undefined) out.enableAudio = data.enableAudio
  if (data.enableVideo !== undefined) out.enableVideo = data.enableVideo
  if (data.enableChat !== undefined) out.enableChat = data.enableChat
  if (data.grantScreen !== undefined) out.grantScreen = data.grantScreen
  return out
}

/** A placeholder for a uid the messaging layer reports before its entry is known ([MSG-9]). */
export function placeholder(roomId: string, uid: string): Member {
  return {
    roomId,
    uid,
    role: Role.conferee,
    userId: '',
    userName: uid,
    userUuid: '',
    userPhoto: '',
    enableAudio: 0,
    enableVideo: 0,
    enableChat: 1,
    grantBoard: 0,
    grantScreen: 0,
    screenId: '',
    userState: 1,
  }
}
