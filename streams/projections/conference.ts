import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import type { RoomDetail } from '../ports/rest-types'
import type { RoomInfo } from '../wire/rest/room'
import { COUNTDOWN_FAILURE_DECREMENT } from '../wire/constants'
import type { Flag } from '../wire/roles'
import { isHostRole, memberOf } from './derive'
import type { Slices } from './state'
import type { ConferenceState } from './state/conference'
export type { ConferenceState } from './state/conference'

export const NO_CREATOR = '0'

/** The slices the conference's rules read: the roster. */
type Reads = Slices<'users'>

export const initialConference: ConferenceState = {
  muteAllAudio: 0,
  muteAllChat: 0,
  shareBoard: 0,
  shareScreen: 0,
  createBoardUserId: NO_CREATOR,
  boardId: '',
  boardToken: '',
  mainScreenUid: '',
  totalPeople: 0,
  replacedHostUid: '',
  showLuckyMoney: 0,
  remainingMinutes: null,
}

function fromInfo(c: ConferenceState, info: RoomInfo | RoomDetail): ConferenceState {
  const detail = 'hosts' in info ? info : undefined
  return withConference(c, {
    muteAllAudio: info.muteAllAudio,
    muteAllChat: info.muteAllChat,
    shareBoard: info.shareBoard,
    shareScreen: info.shareScreen,
    createBoardUserId: info.createBoardUserId || NO_CREATOR,
    mainScreenUid: info.mainScreenUid,
    boardId: detail?.boardId || c.boardId,
    totalPeople: detail?.totalPeople ?? c.totalPeople,
    replacedHostUid: detail?.replacedHostUid ?? c.replacedHostUid,
    showLuckyMoney: detail?.showLuckyMoney ?? c.showLuckyMoney,
  })
}

/** A copy with some fields replaced (undefined is no change); an object literal, fast to fold. */
export function withConference(s: ConferenceState, p: Partial<ConferenceState>): ConferenceState {
  return {
    muteAllAudio: p.muteAllAudio === undefined ? s.muteAllAudio : p.muteAllAudio,
    muteAllChat: p.muteAllChat === undefined ? s.muteAllChat : p.muteAllChat,
    shareBoard: p.shareBoard === undefined ? s.shareBoard : p.shareBoard,
    shareScreen: p.shareScreen === undefined ? s.shareScreen : p.shareScreen,
    createBoardUserId:
      p.createBoardUserId === undefined ? s.createBoardUserId : p.createBoardUserId,
    boardId: p.boardId === undefined ? s.boardId : p.boardId,
    boardToken: p.boardToken === undefined ? s.boardToken : p.boardToken,
    mainScreenUid: p.mainScreenUid === undefined ? s.mainScreenUid : p.mainScreenUid,
    totalPeople: p.totalPeople === undefined ? s.totalPeople : p.totalPeople,
    replacedHostUid: p.replacedHostUid === undefined ? s.replacedHostUid : p.replacedHostUid,
    showLuckyMoney: p.showLuckyMoney === undefined ? s.showLuckyMoney : p.showLuckyMoney,
    remainingMinutes: p.remainingMinutes === undefined ? s.remainingMinutes : p.remainingMinutes,
  }
}

const noCreator = (uid: string) => uid === NO_CREATOR || uid === ''

/** [BOARD-4] the first grantee creates; [BOARD-5] revoking the creator ends the share. */
function grant(c: ConferenceState, uid: string, value: Flag, reads: Reads): ConferenceState {
  if (!memberOf(reads, uid)) return c // [BOARD-9]
  if (value === 1)
    return noCreator(c.createBoardUserId) ? withConference(c, { createBoardUserId: uid }) : c
  if (uid === c.createBoardUserId)
    return withConference(c, { shareBoard: 0, createBoardUserId: NO_CREATOR })
  return c
}

/** A member left: [BOARD-7] the creator ends the board share; [SCREEN-2] a sharer stops. */
function leave(c: ConferenceState, uid: string, reads: Reads): ConferenceState {
  let out = c
  if (uid === c.createBoardUserId)
    out = withConference(out, { shareBoard: 0, createBoardUserId: NO_CREATOR })
  const sharers = reads.users.shareScreenUsers
  if (sharers.has(uid) && sharers.size === 1) out = withConference(out, { shareScreen: 0 })
  return out
}

/** [MAIN-1] choosing the host itself clears the main screen. */
function mainScreen(c: ConferenceState, uid: string, reads: Reads): ConferenceState {
  const target = uid && isHostRole(memberOf(reads, uid)?.role) ? '' : uid
  return target === c.mainScreenUid ? c : withConference(c, { mainScreenUid: target })
}

export const conferenceProjection = defineProjection<ConferenceState, Event, Reads>(
  initialConference,
  {
    'rest/roomEntered': (c, e) => fromInfo(c, e.data.roomInfo),
    'rest/roomLoaded': (c, e) => fromInfo(c, e.room),
    // [CMD-3] [MUTE-5] mute-all and mute-all-chat
    'msg/roomInfoChanged': (c, { data }) =>
      withConference(c, {
        muteAllAudio: data.muteAllAudio ?? c.muteAllAudio,
        muteAllChat: data.muteAllChat ?? c.muteAllChat,
      }),
    'rest/muteAllUpdated': (c, e) => withConference(c, { muteAllAudio: e.muteAllAudio }),
    'rest/boardLoaded': (c, e) =>
      withConference(c, { boardId: e.boardId, boardToken: e.boardToken }),
    // [CMD-5] [BOARD-1] [BOARD-2] share on or off; grants by [BOARD-4] and [BOARD-5]
    'msg/boardShareChanged': (c, { data }, reads) => {
      if (data.kind === 'grant') return grant(c, data.uid, data.grantBoard, reads)
      if (data.shareBoard === 0)
        return withConference(c, { shareBoard: 0, createBoardUserId: NO_CREATOR })
      return withConference(c, { shareBoard: 1, boardId: data.boardId ?? c.boardId })
    },
    'rest/shareBoardUpdated': (c, e) =>
      e.value === 0
        ? withConference(c, { shareBoard: 0, createBoardUserId: NO_CREATOR })
        : withConference(c, { shareBoard: 1 }),
    'rest/boardGrantUpdated': (c, e, reads) => grant(c, e.uid, e.grant, reads),
    // [CMD-6] [SCREEN-1]
    'msg/screenShareChanged': (c, e) =>
      c.shareScreen === e.data.screenShare
        ? c
        : withConference(c, { shareScreen: e.data.screenShare }),
    'msg/memberChanged': (c, e, reads) =>
      e.data.type === 'leave' ? leave(c, e.data.member.uid, reads) : c,
    'rtm/memberLeft': (c, e, reads) => leave(c, e.uid, reads),
    'msg/kickedOut': (c, e, reads) => leave(c, e.data.uid, reads),
    // [CMD-11] [MAIN-1]
    'msg/mainScreenChanged': (c, e, reads) => mainScreen(c, e.data.mainScreenUid, reads),
    'rest/mainScreenSet': (c, e, reads) => mainScreen(c, e.mainScreenUid, reads),
    // [CMD-7] a member who becomes host leaves the main screen
    'msg/hostChanged': (c, e) =>
      c.mainScreenUid === e.data.newHostUid ? withConference(c, { mainScreenUid: '' }) : c,
    'msg/redPacketReceived': (c) =>
      c.showLuckyMoney === 1 ? c : withConference(c, { showLuckyMoney: 1 }),
    'msg/usersAmountChanged': (c, e) =>
      e.data.usersAmount === undefined ? c : withConference(c, { totalPeople: e.data.usersAmount }),
    'rest/usersAmountLoaded': (c, e) => withConference(c, { totalPeople: e.usersAmount }),
    // [COUNT-1] the remaining time; [COUNT-3] a failed refresh subtracts 5
    'rest/surplusLoaded': (c, e) => withConference(c, { remainingMinutes: e.minutes }),
    'rest/callFailed': (c, e) =>
      e.call === 'loadSurplus' && c.remainingMinutes !== null
        ? withConference(c, {
            remainingMinutes: Math.max(0, c.remainingMinutes - COUNTDOWN_FAILURE_DECREMENT),
          })
        : c,
    'life/exited': () => initialConference,
  },
)
