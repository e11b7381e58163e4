import { produce } from 'immer'
import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import type { Member } from '../wire/member'
import { Role } from '../wire/roles'
import { mutesAudiences } from '../wire/constants'
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

/**
 * My flags changed by `flags` (only the flag keys; undefined is no change), on a draft (Immer).
 * Whether one changes is checked before the draft: the board share's end and the roster's
 * messages come often and rarely change my record, which then stays the same object.
 */
function patch(me: MeState, uid: string, flags: Flags): MeState {
  if (!me || me.uid !== uid) return me
  if (!FLAG_KEYS.some((key) => flags[key] !== undefined && flags[key] !== me[key])) return me
  return produce(me, (draft) => {
    if (flags.enableAudio !== undefined) draft.enableAudio = flags.enableAudio
    if (flags.enableVideo !== undefined) draft.enableVideo = flags.enableVideo
    if (flags.enableChat !== undefined) draft.enableChat = flags.enableChat
    if (flags.grantBoard !== undefined) draft.grantBoard = flags.grantBoard
    if (flags.grantScreen !== undefined) draft.grantScreen = flags.grantScreen
    if (flags.role !== undefined) draft.role = flags.role
  })
}

export const meProjection = defineProjection<MeState, Event>(null, {
  'rest/roomEntered': (_, e) => e.data.me,
  'rest/roomLoaded': (me, e) => (e.user ? patch(me, e.user.uid, e.user) : me),
  'rest/tokenRefreshed': (me, e) =>
    me &&
    produce(me, (draft) => {
      draft.rtcToken = e.rtcToken
      draft.rtmToken = e.rtmToken
      draft.screenToken = e.screenToken
    }),
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
    me && me.uid === e.data.uid
      ? produce(me, (draft) => {
          draft.userName = e.data.name
        })
      : me,
  'life/exited': () => null,
})
