import { Type, type TSchema } from '@sinclair/typebox'
import type { AxiosInstance } from 'axios'
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
import { MemberSchema } from '../../../streams/wire/member'
import type { Flag } from '../../../streams/wire/roles'
import {
  ClientConfigSchema,
  EntryAnswerDataSchema,
  RoomInfoSchema,
  UserPageDataSchema,
  type ClientConfig,
} from '../../../streams/wire/rest/room'
import { call } from './http'

const Nothing = Type.Unknown()
const Count = Type.Integer({ minimum: 0 })
const TokenSetSchema = Type.Object({
  rtcToken: Type.String(),
  rtmToken: Type.String(),
  screenToken: Type.String(),
})
const BoardSchema = Type.Object({ boardId: Type.String(), boardToken: Type.String() })
const RoomAnswerSchema = Type.Object({ room: RoomInfoSchema, user: Type.Optional(MemberSchema) })
const LiveUrlsSchema = Type.Array(Type.Object({ url: Type.String() }))
const PlaybackSchema = Type.Array(
  Type.Object({ id: Type.String(), uploadedVideoUrl: Type.String(), status: Type.Integer() }),
)
const UidListSchema = Type.Array(Type.Object({ uid: Type.String() }))
const LikeSchema = Type.Object({ likeTotal: Count })

const enc = encodeURIComponent

/**
 * The REST port against this project's server (and any server speaking spec §7). Answers are
 * checked against their schemas; answers whose schemas the server has not published yet are
 * checked loosely here (see streams/ports/rest-types.ts).
 */
export class RestAdapter implements RestPort {
  private config: Promise<ClientConfig> | undefined

  constructor(private readonly http: AxiosInstance) {}

  clientConfig(): Promise<ClientConfig> {
    this.config ??= call(() => this.http.get('/api/config'), ClientConfigSchema)
    this.config.catch(() => (this.config = undefined))
    return this.config
  }

  private async room(path: string): Promise<string> {
    const { appId } = await this.clientConfig()
    return `/api/s1/serve/${enc(appId)}/v1/${path}`
  }

  private scene(path: string): string {
    return `/api/scene/1/service/v1/${path}`
  }

  private async get<T extends TSchema>(path: string, schema: T, params?: object) {
    const url = await this.room(path)
    return call(() => this.http.get(url, { params }), schema)
  }

  private async post<T extends TSchema>(path: string, schema: T, body?: unknown) {
    const url = await this.room(path)
    return call(() => this.http.post(url, body), schema)
  }

  async enterRoom(body: Parameters<RestPort['enterRoom']>[0]) {
    const url = await this.room('room/entry')
    // [API-9] the entry call sends the XMLHttpRequest header.
    return call(
      () => this.http.post(url, body, { headers: { 'X-Requested-With': 'XMLHttpRequest' } }),
      EntryAnswerDataSchema,
    )
  }

  async loadUsers(roomId: string, query: { role?: number; page?: number; size?: number } = {}) {
    return this.get(`room/${enc(roomId)}/user/page`, UserPageDataSchema, query)
  }

  async exitRoom(roomId: string, uid: string, role: number, reason: string) {
    await this.get(`room/${enc(roomId)}/user/${enc(uid)}/exit`, Nothing, { role, reason })
  }

  async loadRoom(roomId: string, userUid?: string): Promise<RoomAnswer> {
    return this.get(`room/${enc(roomId)}`, RoomAnswerSchema, userUid ? { userUid } : undefined)
  }

  async loadBoard(roomId: string) {
    return this.get(`room/${enc(roomId)}/board`, BoardSchema)
  }

  async updateUserMedia(roomId: string, uid: string, flag: MediaFlag, value: Flag) {
    await this.post(`room/${enc(roomId)}/user/${enc(uid)}`, Nothing, { [flag]: value })
  }

  async updateBoardGrant(roomId: string, uid: string, grant: Flag) {
    await this.post(`room/${enc(roomId)}/user/${enc(uid)}/board`, Nothing, { grantBoard: grant })
  }

  async updateShareBoard(roomId: string, uid: string, value: Flag) {
    await this.post(`room/${enc(roomId)}`, Nothing, { shareBoard: value, userId: uid })
  }

  async updateScreenShare(roomId: string, uid: string, value: Flag) {
    await this.post(`room/${enc(roomId)}/user/${enc(uid)}/screen`, Nothing, { screenShare: value })
  }

  async updateRoomState(roomId: string, state: number) {
    await this.post(`room/${enc(roomId)}`, Nothing, { state })
  }

  async updateRoomStateOfType(roomUuid: string, state: string) {
    await call(() => this.http.post(this.scene('state/update'), { roomUuid, state }), Nothing)
  }

  async setHost(
    roomId: string,
    users: readonly [{ uid: string; role: 2 }, { uid: string; role: 1 }],
  ) {
    await this.post(`room/${enc(roomId)}/user/${enc(users[1].uid)}/host`, Nothing, users)
  }

  async refreshToken(roomId: string) {
    return this.post(`room/${enc(roomId)}/token/refresh`, TokenSetSchema)
  }

  async loadUsersAmount(roomId: string) {
    return this.get(`room/${enc(roomId)}/rtm/usersAmount`, Count)
  }

  async updateUsersAmount(roomId: string, count: number) {
    await this.get(`room/${enc(roomId)}/rtm/usersAmount/update`, Nothing, { usersAmount: count })
  }

  async loadHotNum(roomId: string) {
    return this.get(`room/${enc(roomId)}/hotNum`, Count)
  }

  async removeInactive(roomId: string) {
    await this.get(`room/${enc(roomId)}/inactive/remove`, Nothing)
  }

  async setMainScreen(roomId: string, mainScreen: string) {
    await call(
      () => this.http.post(this.scene('meeting/room/mainScreen/update'), { roomId, mainScreen }),
      Nothing,
    )
  }

  async updateLayout(update: LayoutUpdate) {
    await call(() => this.http.post(this.scene('meeting/room/layout/update'), update), Nothing)
  }

  async muteAll(roomId: string, muteAllAudio: MuteAllId) {
    await this.post(`room/${enc(roomId)}`, Nothing, { muteAllAudio })
  }

  async loadLiveUrls(roomId: string): Promise<readonly LiveUrl[]> {
    return this.get(`room/${enc(roomId)}/live/urls`, LiveUrlsSchema)
  }

  async loadPlayback(roomId: string): Promise<readonly PlaybackItem[]> {
    return this.get(`room/${enc(roomId)}/playback/list`, PlaybackSchema)
  }

  async updateRecordState(roomUuid: string, state: number) {
    await call(
      () => this.http.post(this.scene('record/state/update'), { roomUuid, state }),
      Nothing,
    )
  }

  async loadSurplus(roomUuid: string) {
    return call(() => this.http.get(this.scene(`meeting/surplus/${enc(roomUuid)}/info`)), Count)
  }

  async like(roomUuid: string) {
    const answer = await call(
      () => this.http.post(`/api/scene/v1/room/${enc(roomUuid)}/like`),
      LikeSchema,
    )
    return answer.likeTotal
  }

  async loadProjectionUsers(roomId: string, projectionId: string) {
    const list = await this.get(
      `projection/${enc(roomId)}/user/${enc(projectionId)}/select`,
      UidListSchema,
    )
    return list.map((item) => item.uid)
  }

  async startRecording(roomId: string) {
    await this.post(`room/${enc(roomId)}/recording/start`, Nothing)
  }

  async stopRecording(roomId: string) {
    await this.post(`room/${enc(roomId)}/recording/stop`, Nothing)
  }

  async sendAnswer(state: AnswerState) {
    await call(() => this.http.post('/api/question/portal/answer', state), Nothing)
  }
}
