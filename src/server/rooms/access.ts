import type { Member } from '@streams/wire/member'
import { can, type Action } from '@streams/wire/permissions'
import type { Identity } from '../auth/identity'
import { ApiFailure } from '../http/errors'
import { getRoomByIdOrUuid, type RoomRow } from '../store/rooms'
import { presentMembersOfUser } from '../store/members'
import type { Db } from '../store/db'

type Queryable = Pick<Db, 'query'>

/** Refusal codes of the room service (docs/rest.md). */
export const Code = {
  noRoom: 1001,
  wrongPassword: 1002,
  notInRoom: 1003,
  noMember: 1004,
  notYou: 1005,
  ended: 1006,
  mainScreen: 1201,
  forbidden: 1301,
  refreshFailed: 1401,
  recording: 1501,
  luckyMoney: 1601,
  file: 1701,
  question: 1801,
  notConfigured: 1901,
  conflict: 1902,
  live: 2001,
} as const

export async function loadRoom(db: Queryable, key: string): Promise<RoomRow> {
  const room = await getRoomByIdOrUuid(db, key)
  if (!room) throw new ApiFailure(Code.noRoom, 'room does not exist', { reason: 'noRoom' })
  return room
}

export function requireLive(room: RoomRow): void {
  if (room.state === 0)
    throw new ApiFailure(Code.ended, 'the meeting has ended', { reason: 'ended' })
}

/** The caller's member record in the room: refused when the caller is not in it. */
export async function requireMember(db: Queryable, room: RoomRow, who: Identity): Promise<Member> {
  const [member] = await presentMembersOfUser(db, room.room_id, who.userId)
  if (!member)
    throw new ApiFailure(Code.notInRoom, 'you are not in this room', { reason: 'notInRoom' })
  return member
}

const ACTION_WORDS: Record<Action, string> = {
  muteAll: 'mute or unmute everyone',
  endMeeting: 'end the meeting',
  kick: 'kick a member',
  setHost: 'change the host',
  cancelHost: 'cancel a host',
  setLayout: 'set the layout',
  shareBoard: 'share the board',
  startRecording: 'start or stop recording',
  publishMedia: 'publish audio or video',
  shareScreen: 'share the screen',
  sendBusiness: 'send a business message',
  answerQuestion: 'answer a question',
  setMainScreen: 'set the main screen',
  grantBoard: 'grant the board',
  grantMedia: "change another member's audio, video or chat",
  invite: 'invite',
  answerApplication: 'answer an application',
  closeShareScreen: "close another member's screen share",
  seeRecordingState: 'see the recording state',
  countdown: 'get the remaining time',
  refreshOnlineCount: 'refresh the online count',
  manageRoom: 'change the room settings',
  applyMedia: 'apply for audio, video, chat or the board',
  cancelBoardRequest: 'cancel a board request',
  sendChat: 'chat',
  like: 'like',
}

/** The role may do the action (the permission table the client reads too, [HOST-6]). */
export function requireAction(member: Pick<Member, 'role'>, action: Action): void {
  if (!can(member.role, action))
    throw new ApiFailure(Code.forbidden, `only a host may ${ACTION_WORDS[action]}`, {
      reason: 'forbidden',
    })
}

/** The room (by id or uuid) and the caller, who must be a member allowed to manage it (a host). */
export async function requireHost(
  db: Queryable,
  key: string,
  who: Identity,
): Promise<{ room: RoomRow; me: Member }> {
  const room = await loadRoom(db, key)
  const me = await requireMember(db, room, who)
  requireAction(me, 'manageRoom')
  return { room, me }
}

export function isHost(member: Pick<Member, 'role'>): boolean {
  return member.role === 1
}
