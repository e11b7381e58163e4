import type { Io } from './io'
import type { EntryAnswerData, EntryBody, UserPageData } from '../wire/rest/room'
import type { Flag } from '../wire/roles'
import type { MuteAllId } from '../wire/constants'
import type {
  AnswerState,
  BoardCredentials,
  LayoutUpdate,
  LiveUrl,
  MediaFlag,
  PlaybackItem,
  RoomAnswer,
  TokenSet,
} from './rest-types'

/** A refused REST call, with what the server said. */
export class RestFailure extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
    readonly field?: string,
    readonly reason?: string,
  ) {
    super(message)
    this.name = 'RestFailure'
  }
}

/**
 * The REST port: every call of spec §7 the client makes. A call answers its data, or fails with
 * a RestFailure (a non-zero body code, [API-2]; 10011 and 20003 mean not logged in). The axios
 * adapter implements it against the server.
 */
export interface RestPort {
  /** POST room/entry with the XMLHttpRequest header ([ENTRY-1], [API-9]). */
  enterRoom(body: EntryBody): Io<EntryAnswerData>
  /** GET room/{roomId}/user/page (role=2: the audience list, [ENTRY-2]). */
  loadUsers(
    roomId: string,
    query?: { role?: number; page?: number; size?: number },
  ): Io<UserPageData>
  /** GET room/{roomId}/user/{uid}/exit with role and reason ([EXIT-2], [KICK-1]). */
  exitRoom(roomId: string, uid: string, role: number, reason: string): Io<void>
  /** GET room/{roomId}, with my entry when userUid is given ([ENTRY-2], [HOST-2]). */
  loadRoom(roomId: string, userUid?: string): Io<RoomAnswer>
  /** GET room/{roomId}/board ([BOARD-1], [BOARD-8]). */
  loadBoard(roomId: string): Io<BoardCredentials>
  /** POST room/{roomId}/user/{uid}: one media flag ([TRACK-1], [APPLY-2]). */
  updateUserMedia(roomId: string, uid: string, flag: MediaFlag, value: Flag): Io<void>
  /** POST room/{roomId}/user/{uid}/board: grant 1 or revoke 0 ([BOARD-3]). */
  updateBoardGrant(roomId: string, uid: string, grant: Flag): Io<void>
  /** Update share board: the room's shareBoard 0 or 1 ([BOARD-1], [BOARD-2]). */
  updateShareBoard(roomId: string, uid: string, value: Flag): Io<void>
  /** POST room/{roomId}/user/{uid}/screen: 0 or 1 ([SCREEN-1]). */
  updateScreenShare(roomId: string, uid: string, value: Flag): Io<void>
  /** POST room/{roomId}: the global room state (0 ends it, [END-3]). */
  updateRoomState(roomId: string, state: number): Io<void>
  /** Update room state: roomUuid and state '2' (non-meeting room types, [END-4]). */
  updateRoomStateOfType(roomUuid: string, state: string): Io<void>
  /** POST room/{roomId}/user/{uid}/host with the two users ([HOST-1]). */
  setHost(
    roomId: string,
    users: readonly [{ uid: string; role: 2 }, { uid: string; role: 1 }],
  ): Io<void>
  /** POST room/{roomId}/token/refresh ([API-4]). */
  refreshToken(roomId: string): Io<TokenSet>
  /** GET room/{roomId}/rtm/usersAmount ([ENTRY-6]). */
  loadUsersAmount(roomId: string): Io<number>
  /** GET room/{roomId}/rtm/usersAmount/update ([ROLE-3]). */
  updateUsersAmount(roomId: string, count: number): Io<void>
  /** GET room/{roomId}/hotNum ([ENTRY-6]). */
  loadHotNum(roomId: string): Io<number>
  /** GET room/{roomId}/inactive/remove: I am still here. */
  removeInactive(roomId: string): Io<void>
  /** Set main screen: must answer code 0 ([MAIN-5]). */
  setMainScreen(roomId: string, mainScreen: string): Io<void>
  /** POST meeting/room/layout/update. */
  updateLayout(update: LayoutUpdate): Io<void>
  /** Update global state for mute ([MUTE-5]). */
  muteAll(roomId: string, muteAllAudio: MuteAllId): Io<void>
  /** Live URL list ([ENTRY-3]). */
  loadLiveUrls(roomId: string): Io<readonly LiveUrl[]>
  /** Recording playback list ([ENTRY-4]). */
  loadPlayback(roomId: string): Io<readonly PlaybackItem[]>
  /** POST record/state/update (0 turns the board's screen recording off, [ENTRY-5]). */
  updateRecordState(roomUuid: string, state: number): Io<void>
  /** Remaining time in minutes ([COUNT-1]). */
  loadSurplus(roomUuid: string): Io<number>
  /** Like the room; answers the like total ([LIKE-1]). */
  like(roomUuid: string): Io<number>
  /** Users who used a projection ([PROJ-2]). */
  loadProjectionUsers(roomId: string, projectionId: string): Io<readonly string[]>
  /** Cloud recording mix start and stop ([REC-2]). */
  startRecording(roomId: string): Io<void>
  stopRecording(roomId: string): Io<void>
  /** Send answer state (a quiz answer). */
  sendAnswer(state: AnswerState): Io<void>
}

/** The name of a REST call, as failure events name it. */
export type RestCall = keyof RestPort
