import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import type { Member } from '../wire/member'
import type { State } from './state'

/** Members keyed by uid, in arrival order. */
export interface UsersState {
  readonly byUid: Readonly<Record<string, Member>>
  readonly order: readonly string[]
}

export const initialUsers: UsersState = { byUid: {}, order: [] }

function upsert(state: UsersState, member: Member): UsersState {
  const known = member.uid in state.byUid
  return {
    byUid: { ...state.byUid, [member.uid]: member },
    order: known ? state.order : [...state.order, member.uid],
  }
}

function remove(state: UsersState, uid: string): UsersState {
  if (!(uid in state.byUid)) return state
  const byUid = { ...state.byUid }
  delete byUid[uid]
  return { byUid, order: state.order.filter((u) => u !== uid) }
}

function setOnline(state: UsersState, uid: string, userState: 0 | 1): UsersState {
  const member = state.byUid[uid]
  if (!member || member.userState === userState) return state
  return { ...state, byUid: { ...state.byUid, [uid]: { ...member, userState } } }
}

export const usersProjection = defineProjection<UsersState, Event, State>(initialUsers, {
  'rest/usersLoaded': (state, e) => e.users.reduce(upsert, state),
  'rest/roomEntered': (state, e) => {
    const { me, roomInfo } = e.data
    return upsert(state, {
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
    })
  },
  'msg/memberChanged': (state, e) => {
    const { type, member } = e.data
    if (type === 'leave') return remove(state, member.uid)
    return upsert(state, member)
  },
  'rtm/memberJoined': (state, e) => setOnline(state, e.uid, 1),
  'rtm/memberLeft': (state, e) => setOnline(state, e.uid, 0),
  'rest/roomExited': () => initialUsers,
})
