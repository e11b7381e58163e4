import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import type { Member } from '../wire/member'
import type { Me } from '../wire/rest/room'
import { Role } from '../wire/roles'
import { mutesAudiences } from '../wire/constants'
import type { State } from './state'
import { userFlags } from './member-record'
import type { MeState } from './state/me'
export type { MeState } from './state/me'

type Flags = Partial<
  Pick<Member, 'enableAudio' | 'enableVideo' | 'enableChat' | 'grantBoard' | 'grantScreen' | 'role'>
>

const FLAG_KEYS = [
  'enableAudio',
  'enableVideo',
  'enableChat',
  'grantBoard',
  'grantScreen',
  'role',
] as const

/** My flags changed by `flags` (only the flag keys; undefined is no change). */
function patch(me: MeState, uid: string, flags: Flags): MeState {
  if (!me || me.uid !== uid) return me
  let next: Record<string, unknown> | undefined
  for (const key of FLAG_KEYS) {
    const value = flags[key]
    if (value === undefined || value === me[key]) continue
    next ??= { ...me }
    next[key] = value
  }
  return next ? (next as unknown as Me) : me
}

export const meProjection = defineProjection<MeState, Event, State>(null, {
  'rest/roomEntered': (_, e) => e.data.me,
  'rest/roomLoaded': (me, e) => (e.user ? patch(me, e.user.uid, e.user) : me),
  'rest/tokenRefreshed': (me, e) =>
    me && {
      ...me,
      rtcToken: e.rtcToken,
      rtmToken: e.rtmToken,
      screenToken: e.screenToken,
    },
  'msg/memberChanged': (me, e) =>
    e.data.type === 'leave' ? me : patch(me, e.data.member.uid, e.data.member),
  // only the member flags, never the message's actor fields
  'msg/userStateChanged': (me, e) =>
    me && me.uid === e.data.uid ? patch(me, me.uid, userFlags(e.data)) : me,
  'rest/userMediaUpdated': (me, e) => patch(me, e.uid, { [e.flag]: e.value }),
  'msg/boardShareChanged': (me, e) => {
    if (!me) return me
    if (e.data.kind === 'share')
      return e.data.shareBoard === 0 ? patch(me, me.uid, { grantBoard: 0 }) : me
    return patch(me, e.data.uid, { grantBoard: e.data.grantBoard })
  },
  'rest/boardGrantUpdated': (me, e) => patch(me, e.uid, { grantBoard: e.grant }),
  // [HOST-1] the old host becomes 2, the chosen audience 1
  'msg/hostChanged': (me, e) =>
    patch(patch(me, e.data.oldHostUid, { role: Role.conferee }), e.data.newHostUid, {
      role: Role.host,
    }),
  // [HOST-4] handing over through the set-new-host action sets my own role to 2
  'rest/hostSet': (me, e) => (me ? patch(me, e.oldHostUid, { role: Role.conferee }) : me),
  // [MUTE-2] [MUTE-3] [MUTE-4] mute all (forced, or with applying to speak) turns a non-host's
  // audio off
  'msg/roomInfoChanged': (me, e) =>
    me && mutesAudiences(e.data.muteAllAudio) && me.role !== Role.host
      ? patch(me, me.uid, { enableAudio: 0 })
      : me,
  'rest/muteAllUpdated': (me, e) =>
    me && mutesAudiences(e.muteAllAudio) && me.role !== Role.host
      ? patch(me, me.uid, { enableAudio: 0 })
      : me,
  // [TRACK-2] a mic or camera failure sets the use flag to 0
  'rtc/localTrackFailed': (me, e) => {
    if (!me || e.kind === 'screen') return me
    return patch(me, me.uid, e.kind === 'audio' ? { enableAudio: 0 } : { enableVideo: 0 })
  },
  'msg/joinNameChanged': (me, e) =>
    me && me.uid === e.data.uid && me.userName !== e.data.name
      ? { ...me, userName: e.data.name }
      : me,
  'life/exited': () => null,
})
