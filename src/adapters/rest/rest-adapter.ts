import type { Static } from '@sinclair/typebox'
import type { AxiosInstance } from 'axios'
import type { RequestBodyAction, RestPort } from '../../../streams/ports/rest'
import type { LayoutUpdate, MediaFlag } from '../../../streams/ports/rest-types'
import type { MuteAllId } from '../../../streams/wire/constants'
import type { RequestTypeId } from '../../../streams/wire/peer'
import type { Flag } from '../../../streams/wire/roles'
import { buildPath, type RouteDef, type Service } from '../../../streams/wire/rest/route'
import { ProjectionService } from '../../../streams/wire/rest/projection'
import { QuestionService } from '../../../streams/wire/rest/question'
import { RecordingService } from '../../../streams/wire/rest/recording'
import { LiveService } from '../../../streams/wire/rest/live'
import { ClientConfigSchema, RoomService, type ClientConfig } from '../../../streams/wire/rest/room'
import { RoomUserService } from '../../../streams/wire/rest/room-users'
import { SceneService, SceneV1Service } from '../../../streams/wire/rest/scene'
import { call } from './http'

const room = RoomService.routes
const user = RoomUserService.routes
const scene = SceneService.routes

/**
 * The REST port against this project's server (and any server speaking spec §7). Every call is
 * a route of the server's tables (`streams/wire/rest/`): the path, method and the schema its
 * answer is checked against come from there.
 */
export class RestAdapter implements RestPort {
  private config: Promise<ClientConfig> | undefined

  constructor(private readonly http: AxiosInstance) {}

  clientConfig(): Promise<ClientConfig> {
    this.config ??= call(() => this.http.get('/api/config'), ClientConfigSchema)
    this.config.catch(() => (this.config = undefined))
    return this.config
  }

  /** One route: path parameters filled in (the app id too), query, body; the answer checked. */
  private async send<R extends RouteDef>(
    service: Pick<Service, 'prefix'>,
    route: R,
    params: Record<string, string> = {},
    options: { query?: object; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Static<R['data']>> {
    const { appId } = await this.clientConfig()
    const url = buildPath(service, route, { appId, ...params })
    return call(
      () =>
        this.http.request({
          method: route.method,
          url,
          params: options.query,
          data: options.body,
          headers: options.headers,
        }),
      route.data as R['data'],
    )
  }

  enterRoom(body: Parameters<RestPort['enterRoom']>[0]) {
    // [API-9] the entry call sends the XMLHttpRequest header.
    return this.send(
      RoomService,
      room.entry,
      {},
      {
        body,
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      },
    )
  }

  loadUsers(roomId: string, query: { role?: number; page?: number; size?: number } = {}) {
    return this.send(RoomService, room.userPage, { roomId }, { query })
  }

  exitRoom(roomId: string, uid: string, role: number, reason: string) {
    return this.send(RoomUserService, user.exit, { roomId, uid }, { query: { role, reason } })
  }

  loadRoom(roomId: string, userUid?: string) {
    return this.send(RoomService, room.getRoom, { roomId }, { query: userUid ? { userUid } : {} })
  }

  loadBoard(roomId: string) {
    return this.send(RoomService, room.board, { roomId })
  }

  updateUserMedia(roomId: string, uid: string, flag: MediaFlag, value: Flag) {
    return this.send(
      RoomUserService,
      user.mediaFlag,
      { roomId, userId: uid },
      {
        body: { [flag]: value },
      },
    )
  }

  updateBoardGrant(roomId: string, uid: string, grant: Flag) {
    return this.send(
      RoomUserService,
      user.grantBoard,
      { roomId, userId: uid },
      {
        body: { grant },
      },
    )
  }

  updateScreenShare(roomId: string, uid: string, value: Flag) {
    return this.send(
      RoomUserService,
      user.grantScreen,
      { roomId, userId: uid },
      {
        body: { grant: value },
      },
    )
  }

  updateShareBoard(roomId: string, value: Flag) {
    return this.send(RoomService, room.updateRoom, { roomId }, { body: { shareBoard: value } })
  }

  updateRoomState(roomId: string, state: number) {
    return this.send(RoomService, room.updateRoom, { roomId }, { body: { state } })
  }

  muteAll(roomId: string, muteAllAudio: MuteAllId) {
    return this.send(RoomService, room.updateRoom, { roomId }, { body: { muteAllAudio } })
  }

  updateRoomStateOfType(roomUuid: string, state: string) {
    return this.send(SceneService, scene.stateUpdate, {}, { body: { roomUuid, state } })
  }

  setHost(roomId: string, users: readonly [{ uid: string; role: 2 }, { uid: string; role: 1 }]) {
    return this.send(
      RoomUserService,
      user.setHost,
      { roomId, uid: users[1].uid },
      {
        body: users,
      },
    )
  }

  refreshToken(roomId: string) {
    return this.send(RoomService, room.refreshToken, { roomId })
  }

  loadUsersAmount(roomId: string) {
    return this.send(RoomService, room.usersAmount, { roomId })
  }

  updateUsersAmount(roomId: string, count: number) {
    return this.send(
      RoomService,
      room.updateUsersAmount,
      { roomId },
      {
        query: { usersAmount: count },
      },
    )
  }

  loadHotNum(roomId: string) {
    return this.send(RoomService, room.hotNum, { roomId })
  }

  removeInactive(roomId: string) {
    return this.send(RoomService, room.inactiveRemove, { roomId })
  }

  setMainScreen(roomId: string, mainScreen: string) {
    return this.send(SceneService, scene.mainScreenUpdate, {}, { body: { roomId, mainScreen } })
  }

  updateLayout(update: LayoutUpdate) {
    return this.send(SceneService, scene.layoutUpdate, {}, { body: update })
  }

  loadLiveSetting(roomId: string) {
    return this.send(LiveService, LiveService.routes.setting, { roomId })
  }

  loadPlayback(roomId: string) {
    return this.send(RecordingService, RecordingService.routes.list, {}, { query: { roomId } })
  }

  updateRecordState(roomId: string, recordingState: 0 | 1 | 2) {
    return this.send(SceneService, scene.recordState, {}, { body: { roomId, recordingState } })
  }

  loadSurplus(roomId: string) {
    return this.send(SceneService, scene.surplus, { id: roomId })
  }

  like(roomUuid: string) {
    return this.send(SceneV1Service, SceneV1Service.routes.like, { uuid: roomUuid })
  }

  loadProjectionUsers(roomId: string, projectionId: string) {
    return this.send(ProjectionService, ProjectionService.routes.selectedUsers, {
      roomId,
      projectionId,
    })
  }

  startRecording(roomId: string) {
    return this.send(RecordingService, RecordingService.routes.mixStart, {}, { body: { roomId } })
  }

  stopRecording(roomId: string) {
    return this.send(RecordingService, RecordingService.routes.mixStop, {}, { body: { roomId } })
  }

  sendAnswer(roomId: string, questionId: string, answer: readonly string[]) {
    return this.send(
      QuestionService,
      QuestionService.routes.answer,
      {},
      {
        body: { roomId, questionId, answer },
      },
    )
  }

  sendInvite(roomId: string, uid: string, type: RequestTypeId, action: RequestBodyAction) {
    return this.send(
      RoomUserService,
      user.invite,
      { roomId, userId: uid },
      {
        body: { type, action },
      },
    )
  }

  sendApply(roomId: string, type: RequestTypeId, action: RequestBodyAction, to?: string) {
    return this.send(
      RoomUserService,
      user.apply,
      { roomId },
      {
        body: to === undefined ? { type, action } : { type, action, to },
      },
    )
  }
}
