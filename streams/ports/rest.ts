import type { Observable } from 'rxjs'
import type { Io } from './io'
import type { EntryAnswerData, EntryBody } from '../wire/rest/room'
import type { UserPageData, UserPageQuery } from '../wire/rest/user-page'
import type { Flag } from '../wire/roles'
import type { LiveStateId, MuteAllId } from '../wire/constants'
import type { RequestTypeId } from '../wire/peer'
import type { Stage } from '../wire/stage'
import type {
  AnswerRecord,
  BoardCredentials,
  Goods,
  GoodsDraft,
  LuckyDraw,
  LuckyMoney,
  LuckyMoneyList,
  Question,
  QuestionDraft,
  QuestionStatistics,
  SignIn,
  HostAnswer,
  HotNum,
  LayoutAnswer,
  LayoutUpdate,
  LanguageStream,
  LikeAnswer,
  LivePushReport,
  LiveSetting,
  MainScreenAnswer,
  MediaFlag,
  MemberAnswer,
  Playback,
  ProjectionUsers,
  RecordStateAnswer,
  Recording,
  RequestAnswer,
  RoomAnswer,
  RoomInfoAnswer,
  ShareAnswer,
  StageToken,
  TokenSet,
  UsersAmount,
} from './rest-types'

/** A busy answer's hint (room entry, code 1007): the ticket to retry with, and when. */
export interface BusyHint {
  readonly ticket: string
  readonly retryAfterMs: number
}

/** A refused REST call, with what the server said. */
export class RestFailure extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
    readonly field?: string,
    readonly reason?: string,
    /** The server is admitting a crowd: retry with this ticket (it keeps the place in line). */
    readonly busy?: BusyHint,
  ) {
    super(message)
    this.name = 'RestFailure'
  }
}

/** One REST call as the replay's network panel shows it: route, status (0: no answer), code, time. */
export interface RestCallRecord {
  readonly method: string
  /** The route's path pattern ('/api/v1/room/:roomId/users'): no ids, no query, no secrets. */
  readonly path: string
  readonly status: number
  readonly code?: number
  readonly ms: number
}

/** An invitation or application action in a request: 1 ask or accept, 2 reject, 3 cancel. */
export type RequestBodyAction = 1 | 2 | 3

/**
 * The REST port: every call of spec §7 the client makes (paths and answers in the server's
 * route tables, `streams/wire/rest/`). A call answers its data, or fails with a RestFailure
 * (a non-zero body code; 10011 and 20003 mean not logged in, [API-2]).
 */
export interface RestPort {
  /** Every call made, as it ends (the adapters' news: folded as rest/called). */
  readonly calls$?: Observable<RestCallRecord>
  /** POST room/entry with the XMLHttpRequest header ([ENTRY-1], [API-9]). */
  enterRoom(body: EntryBody): Io<EntryAnswerData>
  /** GET room/{roomId}/user/page ([ENTRY-2]): by number, or after a cursor (a whole list). */
  loadUsers(roomId: string, query?: UserPageQuery): Io<UserPageData>
  /** GET room/{roomId}/user/{uid}/exit with role and reason ([EXIT-2], [KICK-1]). */
  exitRoom(roomId: string, uid: string, role: number, reason: string): Io<null | void>
  /** GET room/{roomId}, with my entry when userUid is given ([ENTRY-2], [HOST-2]). */
  loadRoom(roomId: string, userUid?: string): Io<RoomAnswer>
  /** GET room/{roomId}/board ([BOARD-1], [BOARD-8]). */
  loadBoard(roomId: string): Io<BoardCredentials>
  /** POST room/{roomId}/user/{uid}: one media flag ([TRACK-1], [APPLY-2]). */
  updateUserMedia(roomId: string, uid: string, flag: MediaFlag, value: Flag): Io<MemberAnswer>
  /** POST room/{roomId}/user/{uid}/board: grant 1 or revoke 0 ([BOARD-3]). */
  updateBoardGrant(roomId: string, uid: string, grant: Flag): Io<ShareAnswer>
  /** POST room/{roomId}/user/{uid}/screen: 1 or 0 ([SCREEN-1]). */
  updateScreenShare(roomId: string, uid: string, value: Flag): Io<ShareAnswer>
  /** POST room/{roomId} with shareBoard ([BOARD-1], [BOARD-2]). */
  updateShareBoard(roomId: string, value: Flag): Io<RoomInfoAnswer>
  /** POST room/{roomId} with state (0 ends it, [END-3]). */
  updateRoomState(roomId: string, state: number): Io<RoomInfoAnswer>
  /** POST room/{roomId} with muteAllAudio ([MUTE-5]). */
  muteAll(roomId: string, muteAllAudio: MuteAllId): Io<RoomInfoAnswer>
  /** POST state/update: roomUuid and state '2' (non-meeting room types, [END-4]). */
  updateRoomStateOfType(roomUuid: string, state: string): Io<unknown>
  /** POST room/{roomId}/user/{uid}/host with the two users ([HOST-1]). */
  setHost(
    roomId: string,
    users: readonly [{ uid: string; role: 2 }, { uid: string; role: 1 }],
  ): Io<HostAnswer>
  /** POST room/{roomId}/token/refresh ([API-4]): the tokens of my member `uid` (this page's). */
  refreshToken(roomId: string, uid?: string): Io<TokenSet>
  /** My entry answer again after a page reload, while I am still a member of the room. */
  resumeRoom(roomId: string): Io<EntryAnswerData>
  /** GET room/{roomId}/rtm/usersAmount ([ENTRY-6]). */
  loadUsersAmount(roomId: string): Io<UsersAmount>
  /** GET room/{roomId}/rtm/usersAmount/update ([ROLE-3]). */
  updateUsersAmount(roomId: string, count: number): Io<UsersAmount>
  /** GET room/{roomId}/hotNum ([ENTRY-6]). */
  loadHotNum(roomId: string): Io<HotNum>
  /** GET room/{roomId}/inactive/remove: I am still here. */
  removeInactive(roomId: string): Io<null | void>
  /** POST meeting/room/mainScreen/update: must answer code 0 ([MAIN-5]). */
  setMainScreen(roomId: string, mainScreen: string): Io<MainScreenAnswer>
  /** POST meeting/room/layout/update. */
  updateLayout(update: LayoutUpdate): Io<LayoutAnswer>
  /** GET room/{roomId}/live/setting: the live URL list and live flags ([ENTRY-3]). */
  loadLiveSetting(roomId: string): Io<LiveSetting>
  /**
   * POST room/{roomId}/streamingUrls/pushState (Agora mode): how the push my client runs goes;
   * the hosts read it in the streams' push states.
   */
  reportLivePush(roomId: string, report: LivePushReport): Io<readonly LanguageStream[]>
  /**
   * POST room/{roomId}/media/stageToken (Agora mode, a host): the room's uid for a stage (the
   * board's picture, a language's sound mix) and a token publishing under it; asked again when
   * that token nears its end.
   */
  loadStageToken(roomId: string, stage: Stage): Io<StageToken>
  /** GET recording/list: recording playback ([ENTRY-4]). */
  loadPlayback(roomId: string): Io<Playback>
  /** POST record/state/update (0 turns the board's screen recording off, [ENTRY-5]). */
  updateRecordState(roomId: string, recordingState: 0 | 1 | 2): Io<RecordStateAnswer>
  /** GET meeting/surplus/{id}/info: remaining minutes ([COUNT-1]). */
  /** Minutes left, or null when the room has no time limit. */
  loadSurplus(roomId: string): Io<number | null>
  /** POST room/{uuid}/like: the like total after mine ([LIKE-1]). */
  like(roomUuid: string): Io<LikeAnswer>
  /** Users who used a projection ([PROJ-2]). */
  loadProjectionUsers(roomId: string, projectionId: string): Io<ProjectionUsers>
  /**
   * POST live/{uuid}/liveState/update/v2: a host starts (1), pauses (2) or ends (3) the live
   * broadcast ([LIVE-1]); the answer is the live setting with our own live URL.
   */
  setLiveState(roomUuid: string, liveState: LiveStateId): Io<LiveSetting>
  /** Cloud recording mix start and stop ([REC-2]). */
  startRecording(roomId: string): Io<Recording>
  stopRecording(roomId: string): Io<Recording>
  /** GET recording/all/list: the room's recordings, with their status and saved file. */
  loadRecordings(roomId: string): Io<readonly Recording[]>
  /** A quiz answer (question/portal/answer). */
  sendAnswer(roomId: string, questionId: string, answer: readonly string[]): Io<AnswerRecord>
  /** Question admin calls (spec §7 "Question calls"): list, add, import, del. */
  loadQuestions(roomId: string): Io<readonly Question[]>
  addQuestion(roomId: string, draft: QuestionDraft): Io<Question>
  importQuestions(roomId: string, fileName: string, csv: string): Io<readonly Question[]>
  deleteQuestion(questionId: string): Io<null | void>
  /** Send answer state: show (1), close (2) or publish results (3); announced as cmd 41. */
  setQuestionState(roomId: string, questionId: string, answerState: 1 | 2 | 3): Io<Question>
  loadQuestionStatistics(questionId: string): Io<QuestionStatistics>
  loadQuestionAnswers(roomId: string, questionId: string): Io<readonly AnswerRecord[]>
  /** Lucky money (spec §7): send (announced as cmd 19), grab (war), list, the open one. */
  sendRedPacket(
    roomId: string,
    totalAmount: number,
    count: number,
    greeting: string,
  ): Io<LuckyMoney>
  grabRedPacket(luckyMoneyId: string): Io<LuckyDraw>
  loadRedPackets(roomId: string, luckyMoneyId: string): Io<LuckyMoneyList>
  loadOpenRedPacket(roomId: string): Io<LuckyMoney | null>
  /** Sign-in (spec §7): add (announced as cmd 18 signIn) and the wall's list. */
  signIn(roomId: string): Io<SignIn>
  loadSignIns(roomId: string): Io<readonly SignIn[]>
  /** Goods (spec §7 goods activity): list, add, show or hide to the room (cmd 23). */
  loadGoods(roomId: string): Io<readonly Goods[]>
  addGoods(roomId: string, draft: GoodsDraft): Io<Goods>
  presentGoods(roomId: string, goodsId: string, show: boolean): Io<Goods>
  /**
   * POST room/{roomId}/user/{uid}/invite: a host invites (1) or withdraws (3); the invitee
   * answers the host (1 accept, 2 reject). The server delivers the peer message ([APPLY-4]).
   */
  sendInvite(
    roomId: string,
    uid: string,
    type: RequestTypeId,
    action: RequestBodyAction,
  ): Io<RequestAnswer>
  /**
   * POST room/{roomId}/apply: apply (1) or withdraw (3); with `to`, answer an applicant
   * (1 accept, 2 reject). The server delivers the peer message and turns an accepted state on.
   */
  sendApply(
    roomId: string,
    type: RequestTypeId,
    action: RequestBodyAction,
    to?: string,
  ): Io<RequestAnswer>
}

/** The name of a REST call, as failure events name it. */
export type RestCall = keyof RestPort
