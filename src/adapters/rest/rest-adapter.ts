import type { RestPort } from '../../../streams/ports/rest'
import type {
  AnswerState,
  LayoutUpdate,
  LiveUrl,
  MediaFlag,
  PlaybackItem,
  RoomAnswer,
} from '../../../streams/ports/rest-types'
import type { MuteAllId } from '../../../streams/wire/constants'
import { LiveService } from '../../../streams/wire/rest/live'
import { ProjectionService } from '../../../streams/wire/rest/projection'
import { QuestionService } from '../../../streams/wire/rest/question'
import { RecordingService } from '../../../streams/wire/rest/recording'
import { RoomService, type ClientConfig, type EntryBody } from '../../../streams/wire/rest/room'
import { RoomUserService, type ExitReason } from '../../../streams/wire/rest/room-users'
import { SceneService, SceneV1Service } from '../../../streams/wire/rest/scene'
import type { RequestTypeId } from '../../../streams/wire/peer'
import type { Flag, RoleId } from '../../../streams/wire/roles'
import type { RouteClient } from './client'

const room = RoomService.routes
const user = RoomUserService.routes
const scene = SceneService.routes

/**
 * The REST port (every call of spec §7 the client makes) against this project's server: each
 * method is one route of the REST contract (streams/wire/rest), answered or refused through the
 * route client ([API-2], [ROUTE-10], [ERR-1]).
 */
export class RestAdapter implements RestPort {
  constructor(
    private readonly client: RouteClient,
    /** The deployment's settings (GET /api/config), fetched once by the app. */
    readonly clientConfig: () => Promise<ClientConfig>,
  ) {}

  enterRoom(body: EntryBody) {
    // [API-9] the entry call sends the XMLHttpRequest header.
    return this.client.call(RoomService, room.entry, {
      body,
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    })
  }

  loadUsers(roomId: string, query: { role?: number; page?: number; size?: number } = {}) {
    return this.client.call(RoomService, room.userPage, { params: { roomId }, query })
  }

  async exitRoom(roomId: string, uid: string, role: number, reason: string) {
    await this.client.call(RoomUserService, user.exit, {
      params: { roomId, uid },
      query: { role: role as RoleId, reason: reason as ExitReason },
    })
  }

  async loadRoom(roomId: string, userUid?: string): Promise<RoomAnswer> {
    const answer = await this.client.call(RoomService, room.getRoom, {
      params: { roomId },
      query: userUid ? { userUid } : {},
    })
    const { room: detail } = answer
    return {
      room: {
        ...detail,
        openLive: detail.liveOpen,
        converterMob: detail.converterMob === '' || detail.converterMob === '0' ? 0 : 1,
        endTime: detail.endTime ?? 0,
      },
      user: answer.user ?? undefined,
    }
  }

  loadBoard(roomId: string) {
    return this.client.call(RoomService, room.board, { params: { roomId } })
  }

  async updateUserMedia(roomId: string, uid: string, flag: MediaFlag, value: Flag) {
    await this.client.call(RoomUserService, user.mediaFlag, {
      params: { roomId, userId: uid },
      body: { [flag]: value },
    })
  }

  async updateBoardGrant(roomId: string, uid: string, grant: Flag) {
    await this.client.call(RoomUserService, user.grantBoard, {
      params: { roomId, userId: uid },
      body: { grant },
    })
  }

  async updateShareBoard(roomId: string, _uid: string, value: Flag) {
    await this.client.call(RoomService, room.updateRoom, {
      params: { roomId },
      body: { shareBoard: value },
    })
  }

  async updateScreenShare(roomId: string, uid: string, value: Flag) {
    await this.client.call(RoomUserService, user.grantScreen, {
      params: { roomId, userId: uid },
      body: { grant: value },
    })
  }

  async updateRoomState(roomId: string, state: number) {
    await this.client.call(RoomService, room.updateRoom, { params: { roomId }, body: { state } })
  }

  async updateRoomStateOfType(roomUuid: string, state: string) {
    await this.client.call(SceneService, scene.stateUpdate, { body: { roomUuid, state } })
  }

  async setHost(
    roomId: string,
    users: readonly [{ uid: string; role: 2 }, { uid: string; role: 1 }],
  ) {
    await this.client.call(RoomUserService, user.setHost, {
      params: { roomId, uid: users[1].uid },
      body: [users[0], users[1]],
    })
  }

  refreshToken(roomId: string) {
    return this.client.call(RoomService, room.refreshToken, { params: { roomId } })
  }

  async loadUsersAmount(roomId: string) {
    return (await this.client.call(RoomService, room.usersAmount, { params: { roomId } }))
      .usersAmount
  }

  async updateUsersAmount(roomId: string, count: number) {
    await this.client.call(RoomService, room.updateUsersAmount, {
      params: { roomId },
      query: { usersAmount: count },
    })
  }

  async loadHotNum(roomId: string) {
    return (await this.client.call(RoomService, room.hotNum, { params: { roomId } })).hotNum
  }

  async removeInactive(roomId: string) {
    await this.client.call(RoomService, room.inactiveRemove, { params: { roomId } })
  }

  async setMainScreen(roomId: string, mainScreen: string) {
    await this.client.call(SceneService, scene.mainScreenUpdate, { body: { roomId, mainScreen } })
  }

  async updateLayout(update: LayoutUpdate) {
    await this.client.call(SceneService, scene.layoutUpdate, {
      body: {
        roomUuid: update.roomUuid,
        layout: update.layout,
        infoTypeVoList: [...update.infoTypeVoList],
        largeUid: update.largeUid,
        typeOfCDN: String(update.typeOfCDN),
        channelName: update.channelName,
      },
    })
  }

  async muteAll(roomId: string, muteAllAudio: MuteAllId) {
    await this.client.call(RoomService, room.updateRoom, {
      params: { roomId },
      body: { muteAllAudio },
    })
  }

  async loadLiveUrls(roomId: string): Promise<readonly LiveUrl[]> {
    const setting = await this.client.call(LiveService, LiveService.routes.setting, {
      params: { roomId },
    })
    return setting.streamingUrls.map((s) => ({
      url: s.pullUrl,
      languageType: s.languageType,
      languageName: s.languageName,
      languageIcon: s.languageIcon,
      languageIconActive: s.languageIconActive,
    }))
  }

  async loadPlayback(roomId: string): Promise<readonly PlaybackItem[]> {
    const list = await this.client.call(RecordingService, RecordingService.routes.allList, {
      query: { roomId },
    })
    return list.map((r) => ({
      id: r.recordingId,
      uploadedVideoUrl: r.files[0]?.url ?? '',
      status: r.status,
      startTime: r.startTime,
    }))
  }

  async updateRecordState(roomId: string, state: number) {
    await this.client.call(SceneService, scene.recordState, {
      body: { roomId, recordingState: state as 0 | 1 | 2 },
    })
  }

  async loadSurplus(roomId: string) {
    return this.client.call(SceneService, scene.surplus, { params: { id: roomId } })
  }

  async like(roomUuid: string) {
    return (
      await this.client.call(SceneV1Service, SceneV1Service.routes.like, {
        params: { uuid: roomUuid },
        body: {},
      })
    ).likeTotal
  }

  async loadProjectionUsers(roomId: string, projectionId: string) {
    const users = await this.client.call(
      ProjectionService,
      ProjectionService.routes.selectedUsers,
      {
        params: { roomId, projectionId },
      },
    )
    return users.map((u) => u.uid)
  }

  async startRecording(roomId: string) {
    await this.client.call(RecordingService, RecordingService.routes.mixStart, { body: { roomId } })
  }

  async stopRecording(roomId: string) {
    await this.client.call(RecordingService, RecordingService.routes.mixStop, { body: { roomId } })
  }

  /**
   * Send invite (spec §7): the server records it and delivers the peer message (cmd 1) itself,
   * which a client may not send in local mode ([HOST-6]). `action` 1 asks or accepts, 2 rejects.
   */
  sendInvite(roomId: string, userId: string, type: RequestTypeId, action: 1 | 2 | 3) {
    return this.client.call(RoomUserService, user.invite, {
      params: { roomId, userId },
      body: { type, action },
    })
  }

  /** Send apply (spec §7): to the first host, or the board creator; `to` answers an applicant. */
  sendApply(roomId: string, type: RequestTypeId, action: 1 | 2 | 3, to?: string) {
    return this.client.call(RoomUserService, user.apply, {
      params: { roomId },
      body: { type, action, ...(to ? { to } : {}) },
    })
  }

  async sendAnswer(state: AnswerState) {
    await this.client.call(QuestionService, QuestionService.routes.answer, {
      body: { roomId: state.roomId, questionId: state.questionId, answer: [state.answerName] },
    })
  }
}
