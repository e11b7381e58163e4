import type { RequestBodyAction, RestPort } from '@streams/ports/rest'
import type {
  GoodsDraft,
  LayoutUpdate,
  LivePushReport,
  MediaFlag,
  QuestionDraft,
} from '@streams/ports/rest-types'
import type { LiveStateId, MuteAllId } from '@streams/wire/constants'
import type { RequestTypeId } from '@streams/wire/peer'
import { GoodsService } from '@streams/wire/rest/goods'
import { LiveService } from '@streams/wire/rest/live'
import { LuckyMoneyService } from '@streams/wire/rest/lucky-money'
import { ProjectionService } from '@streams/wire/rest/projection'
import { QuestionService } from '@streams/wire/rest/question'
import { RecordingService } from '@streams/wire/rest/recording'
import { RoomService, type ClientConfig, type EntryBody } from '@streams/wire/rest/room'
import { RoomUserService, type ExitReason } from '@streams/wire/rest/room-users'
import { SceneService, SceneV1Service } from '@streams/wire/rest/scene'
import { SignInService } from '@streams/wire/rest/sign-in'
import { StageService } from '@streams/wire/rest/stage'
import type { UserPageQuery } from '@streams/wire/rest/user-page'
import type { Flag, RoleId } from '@streams/wire/roles'
import type { Stage } from '@streams/wire/stage'
import type { RouteClient } from './client'

const room = RoomService.routes
const user = RoomUserService.routes
const scene = SceneService.routes
const question = QuestionService.routes
const lucky = LuckyMoneyService.routes

/**
 * The REST port (every call of spec §7 the client makes) against this project's server: each
 * method is one route of the REST contract (streams/wire/rest), sent on the live-service or the
 * open-API client and answered or refused through the route client ([API-2], [ROUTE-10],
 * [ERR-1]).
 */
export class RestAdapter implements RestPort {
  /** Every call made (rest/called events: the replay's network panel). */
  readonly calls$: RestPort['calls$']

  constructor(
    private readonly client: RouteClient,
    /** The deployment's settings (GET /api/config), fetched once by the app. */
    readonly clientConfig: () => Promise<ClientConfig>,
  ) {
    this.calls$ = client.calls$
  }

  enterRoom(body: EntryBody) {
    // [API-9] the entry call sends the XMLHttpRequest header.
    return this.client.call(RoomService, room.entry, {
      body,
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    })
  }

  loadUsers(roomId: string, query: UserPageQuery = {}) {
    return this.client.call(RoomService, room.userPage, { params: { roomId }, query })
  }

  exitRoom(roomId: string, uid: string, role: number, reason: string) {
    return this.client.call(RoomUserService, user.exit, {
      params: { roomId, uid },
      query: { role: role as RoleId, reason: reason as ExitReason },
    })
  }

  loadRoom(roomId: string, userUid?: string) {
    return this.client.call(RoomService, room.getRoom, {
      params: { roomId },
      query: userUid ? { userUid } : {},
    })
  }

  loadBoard(roomId: string) {
    return this.client.call(RoomService, room.board, { params: { roomId } })
  }

  updateUserMedia(roomId: string, uid: string, flag: MediaFlag, value: Flag) {
    return this.client.call(RoomUserService, user.mediaFlag, {
      params: { roomId, userId: uid },
      body: { [flag]: value },
    })
  }

  updateBoardGrant(roomId: string, uid: string, grant: Flag) {
    return this.client.call(RoomUserService, user.grantBoard, {
      params: { roomId, userId: uid },
      body: { grant },
    })
  }

  updateScreenShare(roomId: string, uid: string, value: Flag) {
    return this.client.call(RoomUserService, user.grantScreen, {
      params: { roomId, userId: uid },
      body: { grant: value },
    })
  }

  updateShareBoard(roomId: string, value: Flag) {
    return this.client.call(RoomService, room.updateRoom, {
      params: { roomId },
      body: { shareBoard: value },
    })
  }

  updateRoomState(roomId: string, state: number) {
    return this.client.call(RoomService, room.updateRoom, { params: { roomId }, body: { state } })
  }

  muteAll(roomId: string, muteAllAudio: MuteAllId) {
    return this.client.call(RoomService, room.updateRoom, {
      params: { roomId },
      body: { muteAllAudio },
    })
  }

  updateRoomStateOfType(roomUuid: string, state: string) {
    return this.client.call(SceneService, scene.stateUpdate, { body: { roomUuid, state } })
  }

  setHost(roomId: string, users: readonly [{ uid: string; role: 2 }, { uid: string; role: 1 }]) {
    return this.client.call(RoomUserService, user.setHost, {
      params: { roomId, uid: users[1].uid },
      body: [users[0], users[1]],
    })
  }

  refreshToken(roomId: string, uid?: string) {
    return this.client.call(RoomService, room.refreshToken, {
      params: { roomId },
      query: uid ? { uid } : {},
    })
  }

  resumeRoom(roomId: string) {
    return this.client.call(RoomService, room.resume, { params: { roomId } })
  }

  loadUsersAmount(roomId: string) {
    return this.client.call(RoomService, room.usersAmount, { params: { roomId } })
  }

  updateUsersAmount(roomId: string, count: number) {
    return this.client.call(RoomService, room.updateUsersAmount, {
      params: { roomId },
      query: { usersAmount: count },
    })
  }

  loadHotNum(roomId: string) {
    return this.client.call(RoomService, room.hotNum, { params: { roomId } })
  }

  removeInactive(roomId: string) {
    return this.client.call(RoomService, room.inactiveRemove, { params: { roomId } })
  }

  setMainScreen(roomId: string, mainScreen: string) {
    return this.client.call(SceneService, scene.mainScreenUpdate, { body: { roomId, mainScreen } })
  }

  updateLayout(update: LayoutUpdate) {
    return this.client.call(SceneService, scene.layoutUpdate, {
      body: { ...update, infoTypeVoList: [...update.infoTypeVoList] },
    })
  }

  loadLiveSetting(roomId: string) {
    return this.client.call(LiveService, LiveService.routes.setting, { params: { roomId } })
  }

  reportLivePush(roomId: string, report: LivePushReport) {
    return this.client.call(LiveService, LiveService.routes.pushReport, {
      params: { roomId },
      body: report,
    })
  }

  loadStageToken(roomId: string, stage: Stage) {
    return this.client.call(StageService, StageService.routes.stageToken, {
      params: { roomId },
      body: stage.stage === 'board' ? { stage: 'board' } : stage,
    })
  }

  loadPlayback(roomId: string) {
    return this.client.call(RecordingService, RecordingService.routes.list, { query: { roomId } })
  }

  updateRecordState(roomId: string, recordingState: 0 | 1 | 2) {
    return this.client.call(SceneService, scene.recordState, { body: { roomId, recordingState } })
  }

  loadSurplus(roomId: string) {
    return this.client.call(SceneService, scene.surplus, { params: { id: roomId } })
  }

  like(roomUuid: string) {
    return this.client.call(SceneV1Service, SceneV1Service.routes.like, {
      params: { uuid: roomUuid },
      body: {},
    })
  }

  loadProjectionUsers(roomId: string, projectionId: string) {
    return this.client.call(ProjectionService, ProjectionService.routes.selectedUsers, {
      params: { roomId, projectionId },
    })
  }

  setLiveState(roomUuid: string, liveState: LiveStateId) {
    return this.client.call(LiveService, LiveService.routes.liveState, {
      params: { uuid: roomUuid },
      body: { liveState },
    })
  }

  startRecording(roomId: string) {
    return this.client.call(RecordingService, RecordingService.routes.mixStart, {
      body: { roomId },
    })
  }

  stopRecording(roomId: string) {
    return this.client.call(RecordingService, RecordingService.routes.mixStop, {
      body: { roomId },
    })
  }

  loadRecordings(roomId: string) {
    return this.client.call(RecordingService, RecordingService.routes.allList, {
      query: { roomId },
    })
  }

  sendAnswer(roomId: string, questionId: string, answer: readonly string[]) {
    return this.client.call(QuestionService, question.answer, {
      body: { roomId, questionId, answer: [...answer] },
    })
  }

  loadQuestions(roomId: string) {
    return this.client.call(QuestionService, question.list, { query: { roomId } })
  }

  addQuestion(roomId: string, draft: QuestionDraft) {
    return this.client.call(QuestionService, question.add, {
      body: {
        roomId,
        title: draft.title,
        options: [...draft.options],
        answer: [...draft.answer],
        multiple: draft.multiple,
        standingSecond: draft.standingSecond,
      },
    })
  }

  importQuestions(roomId: string, fileName: string, csv: string) {
    const form = new FormData()
    form.append('roomId', roomId)
    form.append('file', new Blob([csv], { type: 'text/csv' }), fileName)
    return this.client.call(QuestionService, question.import, { form })
  }

  deleteQuestion(questionId: string) {
    return this.client.call(QuestionService, question.del, { body: { questionId } })
  }

  setQuestionState(roomId: string, questionId: string, answerState: 1 | 2 | 3) {
    return this.client.call(QuestionService, question.state, {
      body: { roomId, questionId, answerState },
    })
  }

  loadQuestionStatistics(questionId: string) {
    return this.client.call(QuestionService, question.statistics, { query: { questionId } })
  }

  loadQuestionAnswers(roomId: string, questionId: string) {
    return this.client.call(QuestionService, question.answerList, {
      query: { roomId, questionId },
    })
  }

  sendRedPacket(roomId: string, totalAmount: number, count: number, greeting: string) {
    return this.client.call(LuckyMoneyService, lucky.send, {
      body: { roomId, totalAmount, count, greeting },
    })
  }

  grabRedPacket(luckyMoneyId: string) {
    return this.client.call(LuckyMoneyService, lucky.war, { body: { luckyMoneyId } })
  }

  loadRedPackets(roomId: string, luckyMoneyId: string) {
    return this.client.call(LuckyMoneyService, lucky.list, { query: { roomId, luckyMoneyId } })
  }

  loadOpenRedPacket(roomId: string) {
    return this.client.call(LuckyMoneyService, lucky.findUseful, { query: { roomId } })
  }

  signIn(roomId: string) {
    return this.client.call(SignInService, SignInService.routes.add, { body: { roomId } })
  }

  loadSignIns(roomId: string) {
    return this.client.call(SignInService, SignInService.routes.list, { query: { roomId } })
  }

  loadGoods(roomId: string) {
    return this.client.call(GoodsService, GoodsService.routes.activity, { query: { roomId } })
  }

  addGoods(roomId: string, draft: GoodsDraft) {
    return this.client.call(GoodsService, GoodsService.routes.add, {
      body: {
        roomId,
        title: draft.title,
        price: draft.price,
        ...(draft.url ? { url: draft.url } : {}),
        ...(draft.goodsImg ? { goodsImg: draft.goodsImg } : {}),
      },
    })
  }

  presentGoods(roomId: string, goodsId: string, show: boolean) {
    return this.client.call(GoodsService, GoodsService.routes.show, {
      body: { roomId, goodsId, show },
    })
  }

  /**
   * Send invite (spec §7): the server records it and delivers the peer message (cmd 1) itself,
   * which a client may not send in local mode ([HOST-6]).
   */
  sendInvite(roomId: string, uid: string, type: RequestTypeId, action: RequestBodyAction) {
    return this.client.call(RoomUserService, user.invite, {
      params: { roomId, userId: uid },
      body: { type, action },
    })
  }

  /** Send apply (spec §7): to the first host or the board creator; `to` answers an applicant. */
  sendApply(roomId: string, type: RequestTypeId, action: RequestBodyAction, to?: string) {
    return this.client.call(RoomUserService, user.apply, {
      params: { roomId },
      body: to === undefined ? { type, action } : { type, action, to },
    })
  }
}
