import { Type, type Static } from '@sinclair/typebox'
import { FlagSchema, RoleSchema, RoomTypeSchema } from '../roles'
import { MemberSchema } from '../member'
import { AppParams, defineService, Id, NoData, ROOM_PREFIX } from './route'
import { UserPageDataSchema, UserPageQuerySchema } from './user-page'

/** Name length limit (spec §5, §9). */
export const MAX_NAME_LENGTH = 20

/** Room login (spec §7 "Room login"), sent by the home form; a projection screen adds its id. */
export const EntryBodySchema = Type.Object({
  roomName: Type.String({ maxLength: 64 }),
  userName: Type.String(),
  roomType: RoomTypeSchema,
  role: RoleSchema,
  password: Type.String({ maxLength: 64 }),
  roomId: Type.Optional(Type.String()),
  userPhoto: Type.Optional(Type.String({ maxLength: 512 })),
  enableAudio: Type.Optional(FlagSchema),
  enableVideo: Type.Optional(FlagSchema),
  /** Projection login (role 4): the projection this screen shows. */
  projectionId: Type.Optional(Type.String({ maxLength: 64 })),
  screenId: Type.Optional(Type.String({ maxLength: 64 })),
  /** A busy answer's ticket: the entrant keeps its place in line when it retries. */
  ticket: Type.Optional(Type.String({ maxLength: 512 })),
})
export type EntryBody = Static<typeof EntryBodySchema>

/** The participant's own record (spec §3 "Participant (me)"), tokens included. */
export const MeSchema = Type.Object({
  uid: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  userUuid: Type.String(),
  userPhoto: Type.String(),
  role: RoleSchema,
  enableAudio: FlagSchema,
  enableVideo: FlagSchema,
  enableChat: FlagSchema,
  grantBoard: FlagSchema,
  grantScreen: FlagSchema,
  screenId: Type.String(),
  roomName: Type.String(),
  roomUuid: Type.String(),
  /** The media app id: Agora's in Agora mode, else the REST app id. */
  appID: Type.String(),
  rtmToken: Type.String(),
  rtcToken: Type.String(),
  screenToken: Type.String(),
})
export type Me = Static<typeof MeSchema>

/** Room info with its conference state (spec §3 "Room (base)" and "Conference state"). */
export const RoomInfoSchema = Type.Object({
  roomId: Type.String(),
  roomUuid: Type.String(),
  roomName: Type.String(),
  roomType: RoomTypeSchema,
  channelName: Type.String(),
  state: Type.Integer(),
  createUserId: Type.String(),
  createTime: Type.Number(),
  startTime: Type.Number(),
  muteAllChat: FlagSchema,
  muteAllAudio: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
  shareBoard: FlagSchema,
  shareScreen: FlagSchema,
  createBoardUserId: Type.String(),
  mainScreenUid: Type.String(),
  layout: Type.String(),
  liveState: Type.Integer(),
  playbackState: Type.Integer(),
  recordingState: Type.Integer(),
  audienceWatchType: Type.Integer(),
})
export type RoomInfo = Static<typeof RoomInfoSchema>

/**
 * The whole room (GET room/{roomId}): room info plus the rest of spec §3 "Room (base)" and
 * "Conference state". The room password is never answered: the server keeps only its hash.
 */
export const RoomDetailSchema = Type.Composite([
  RoomInfoSchema,
  Type.Object({
    remark: Type.String(),
    /** Tool bar keys enabled in this room (spec §2), comma-separated. */
    tools: Type.String(),
    updateTime: Type.Number(),
    endTime: Type.Union([Type.Number(), Type.Null()]),
    /** Live open (1) or not (0). */
    liveOpen: FlagSchema,
    introduceOpen: FlagSchema,
    converterMob: Type.String(),
    liveCdnType: Type.Integer(),
    pcCoverImage: Type.String(),
    mobCoverImage: Type.String(),
    /** Meeting topic: 0 and 1 base, 2 newYear ([MSG-11]). */
    meetingTopic: Type.Integer(),
    boardId: Type.String(),
    replacedHostUid: Type.String(),
    showLuckyMoney: FlagSchema,
    /** Members present now. */
    onlineUsers: Type.Integer(),
    /** Everyone who ever entered. */
    totalPeople: Type.Integer(),
    /** uids of the hosts present. */
    hosts: Type.Array(Type.String()),
    hotNum: Type.Integer(),
    likeTotal: Type.Integer(),
  }),
])
export type RoomDetail = Static<typeof RoomDetailSchema>

export const EntryAnswerDataSchema = Type.Object({ me: MeSchema, roomInfo: RoomInfoSchema })
export type EntryAnswerData = Static<typeof EntryAnswerDataSchema>

/** One STUN or TURN server, as RTCIceServer. */
export const IceServerSchema = Type.Object({
  urls: Type.Union([Type.String({ minLength: 1 }), Type.Array(Type.String({ minLength: 1 }))]),
  username: Type.Optional(Type.String()),
  credential: Type.Optional(Type.String()),
})
export type IceServer = Static<typeof IceServerSchema>

/** What the client needs to know about the deployment before anything else. */
export const ClientConfigSchema = Type.Object({
  mode: Type.Union([Type.Literal('local'), Type.Literal('agora')]),
  /** The app id of the REST paths. */
  appId: Type.String(),
  version: Type.String(),
  /** Agora mode: the Agora app id the media and messaging SDKs use (never the certificate). */
  agoraAppId: Type.Optional(Type.String()),
  /**
   * Agora mode: the Netless whiteboard's app identifier and data centre (never its keys); absent
   * when the server has no Netless settings, and the board then reports why.
   */
  netless: Type.Optional(
    Type.Object({ appIdentifier: Type.String({ minLength: 1 }), region: Type.String() }),
  ),
  /** Local mode: STUN/TURN servers for WebRTC (the ICE_SERVERS setting); none means host candidates. */
  iceServers: Type.Optional(Type.Array(IceServerSchema)),
  /** Local mode: the media engine, the Janus SFU or the peer-to-peer mesh (absent: the mesh). */
  media: Type.Optional(Type.Union([Type.Literal('sfu'), Type.Literal('mesh')])),
  /**
   * Local mode: whether the server broadcasts live and records (ffmpeg and the SFU are there);
   * when not, why, and the live and recording controls stay hidden.
   */
  live: Type.Optional(
    Type.Object({ available: Type.Boolean(), why: Type.Optional(Type.String()) }),
  ),
  /**
   * Both modes: whether cloud recording runs here (local: this server's program; Agora: Agora's
   * Cloud Recording and its settings); when not, why, and the "Recording" entry stays hidden.
   */
  recording: Type.Optional(
    Type.Object({ available: Type.Boolean(), why: Type.Optional(Type.String()) }),
  ),
})
export type ClientConfig = Static<typeof ClientConfigSchema>

/** Session info by room id (spec §7 purpose-level calls). The password is never answered. */
export const RoomSimpleSchema = Type.Object({
  roomId: Type.String(),
  roomUuid: Type.String(),
  roomName: Type.String(),
  roomType: RoomTypeSchema,
  channelName: Type.String(),
  /** Always '' (the server keeps only a hash); `hasPassword` says whether one is needed. */
  password: Type.Literal(''),
  hasPassword: Type.Boolean(),
  audienceWatchType: Type.Integer(),
  state: Type.Integer(),
})

/** Token refresh result (spec §3, [API-4]); a failure answers msg 'refresh token failed'. */
export const TokensSchema = Type.Object({
  rtcToken: Type.String(),
  rtmToken: Type.String(),
  screenToken: Type.String(),
})
export type Tokens = Static<typeof TokensSchema>

export const BoardTokenSchema = Type.Object({
  boardId: Type.String(),
  boardToken: Type.String(),
  /** Agora mode: the document centre's token (the board token is Netless's there). */
  filesToken: Type.Optional(Type.String()),
})

/** Room state changes (POST room/{roomId}): ending, mute-all, share flags. Host-only fields. */
export const RoomStateBodySchema = Type.Object(
  {
    /** 0 ends the meeting ([END-3]). */
    state: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
    muteAllAudio: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
    muteAllChat: Type.Optional(FlagSchema),
    shareBoard: Type.Optional(FlagSchema),
    shareScreen: Type.Optional(FlagSchema),
  },
  { minProperties: 1 },
)

export const HostCheckSchema = Type.Object({
  /** A host is present in the room. */
  hostExists: Type.Boolean(),
  /** The caller is a host of the room. */
  isHost: Type.Boolean(),
  hostUid: Type.String(),
  hostUserId: Type.String(),
})

export const UsersAmountSchema = Type.Object({
  roomId: Type.String(),
  /** Members online now (realtime connections in the room's channel, else present members). */
  usersAmount: Type.Integer(),
  hotNum: Type.Integer(),
})
export const HotNumSchema = Type.Object({ roomId: Type.String(), hotNum: Type.Integer() })

export const KeepAliveSchema = Type.Object({ uid: Type.String(), seenAt: Type.Number() })

const RoomParams = AppParams({ roomId: Id })

/** The room service: rooms, entry and room-wide state. Member routes are in room-users.ts. */
export const RoomService = defineService(ROOM_PREFIX, 10011, {
  entry: {
    method: 'POST',
    path: 'room/entry',
    params: AppParams({}),
    body: EntryBodySchema,
    data: EntryAnswerDataSchema,
    access: 'session',
  },
  userPage: {
    method: 'GET',
    path: 'room/:roomId/user/page',
    params: RoomParams,
    query: UserPageQuerySchema,
    data: UserPageDataSchema,
    access: 'session',
  },
  board: {
    method: 'GET',
    path: 'room/:roomId/board',
    params: RoomParams,
    data: BoardTokenSchema,
    access: 'session',
  },
  updateRoom: {
    method: 'POST',
    path: 'room/:roomId',
    params: RoomParams,
    body: RoomStateBodySchema,
    data: RoomInfoSchema,
    access: 'session',
  },
  getRoom: {
    method: 'GET',
    path: 'room/:roomId',
    params: RoomParams,
    query: Type.Object({ userUid: Type.Optional(Type.String()) }),
    data: Type.Object({ room: RoomDetailSchema, user: Type.Union([MemberSchema, Type.Null()]) }),
    access: 'session',
  },
  simple: {
    method: 'GET',
    path: 'room/:roomId/simple',
    params: RoomParams,
    data: RoomSimpleSchema,
    access: 'session',
  },
  /**
   * Fresh tokens for my member in the room: the one whose `uid` the asking page holds (an account
   * may be present twice, two tabs or devices), else my latest present member.
   */
  refreshToken: {
    method: 'POST',
    path: 'room/:roomId/token/refresh',
    params: RoomParams,
    query: Type.Object({ uid: Type.Optional(Type.String({ maxLength: 64 })) }),
    data: TokensSchema,
    access: 'session',
  },
  /**
   * Back in the room after a page reload: my present member's entry answer with fresh tokens
   * (no new member, no announcement); refused when I am no longer in the room.
   */
  resume: {
    method: 'POST',
    path: 'room/:roomId/resume',
    params: RoomParams,
    data: EntryAnswerDataSchema,
    access: 'session',
  },
  hostCheck: {
    method: 'GET',
    path: 'room/:roomId/host/check',
    params: RoomParams,
    data: HostCheckSchema,
    access: 'session',
  },
  usersAmount: {
    method: 'GET',
    path: 'room/:roomId/rtm/usersAmount',
    params: RoomParams,
    data: UsersAmountSchema,
    access: 'session',
  },
  updateUsersAmount: {
    method: 'GET',
    path: 'room/:roomId/rtm/usersAmount/update',
    params: RoomParams,
    query: Type.Object({ usersAmount: Type.Integer({ minimum: 0 }) }),
    data: UsersAmountSchema,
    access: 'session',
  },
  hotNum: {
    method: 'GET',
    path: 'room/:roomId/hotNum',
    params: RoomParams,
    data: HotNumSchema,
    access: 'session',
  },
  inactiveRemove: {
    method: 'GET',
    path: 'room/:roomId/inactive/remove',
    params: RoomParams,
    data: NoData,
    access: 'session',
  },
  keepAlive: {
    method: 'GET',
    path: 'behavior/keepAlive/:roomId/:uid',
    params: AppParams({ roomId: Id, uid: Id }),
    query: Type.Object({ role: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })) }),
    data: KeepAliveSchema,
    access: 'session',
  },
})
