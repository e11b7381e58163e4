import { Type, type Static } from '@sinclair/typebox'
import { FlagSchema } from '../roles'
import { MemberSchema } from '../member'
import { LayoutNameSchema, PositionTypeSchema } from '../video'
import { RoomDetailSchema } from './room'
import { defineService, Id, Page, SCENE_PREFIX, SCENE_V1_PREFIX, Text } from './route'

/** The signed-in user (spec §3 "Base user profile"; GET user, [ROUTE-7]). */
export const UserProfileSchema = Type.Object({
  /** The account id (spec's uid of the profile; not a room member's uid). */
  uid: Type.String(),
  userId: Type.String(),
  loginName: Type.String(),
  nickName: Type.String(),
  name: Type.String(),
  /** The name this user joins rooms with, '' when never set. */
  joinName: Type.String(),
  photo: Type.String(),
  /** The phone number, masked: 138****5678; '' for visitors. */
  phone: Type.String(),
  userType: Type.Union([Type.Literal('visitor'), Type.Literal('member')]),
  /** The login tag ([ROUTE-11]): 'member' once logged in, 'visitor' for a visitor. */
  userTag: Type.String(),
  hasPassword: Type.Boolean(),
  /** Created at least one room. */
  isCreator: Type.Boolean(),
  /** Hosting a room right now. */
  isAuthor: Type.Boolean(),
})
export type UserProfile = Static<typeof UserProfileSchema>

/** A uid's position in the layout ([LAYOUT-1]). */
export const LayoutItemSchema = Type.Object({ uid: Id, type: PositionTypeSchema })
export const LayoutSchema = Type.Object({
  roomUuid: Type.String(),
  layout: LayoutNameSchema,
  infoTypeVoList: Type.Array(LayoutItemSchema),
  largeUid: Type.String(),
  /** The layout the CDN mix uses. */
  typeOfCDN: Type.String(),
  channelName: Type.String(),
})
export type Layout = Static<typeof LayoutSchema>

export const MeetingRoomInfoSchema = Type.Object({
  room: RoomDetailSchema,
  hosts: Type.Array(MemberSchema),
  layout: LayoutSchema,
})

export const CommentSchema = Type.Object({
  commentId: Type.String(),
  roomId: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  userPhoto: Type.String(),
  content: Type.String(),
  createTime: Type.Number(),
})

export const JoinRecordSchema = Type.Object({
  recordId: Type.String(),
  roomId: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  source: Type.String(),
  createTime: Type.Number(),
})

/** Public facts about a room for share pages and the mini-program: no login, no secrets. */
export const ExternalRoomInfoSchema = Type.Object({
  roomUuid: Type.String(),
  roomName: Type.String(),
  state: Type.Integer(),
  liveState: Type.Integer(),
  startTime: Type.Number(),
  pcCoverImage: Type.String(),
  mobCoverImage: Type.String(),
  meetingTopic: Type.Integer(),
  hasPassword: Type.Boolean(),
  hostName: Type.String(),
  onlineUsers: Type.Integer(),
})

export const LikeTotalSchema = Type.Object({ roomUuid: Type.String(), likeTotal: Type.Integer() })

const RoomId = Type.Object({ id: Id })

export const SceneService = defineService(SCENE_PREFIX, 20003, {
  user: { method: 'GET', path: 'user', data: UserProfileSchema, access: 'session' },
  joinName: {
    method: 'GET',
    path: 'user/join/name',
    query: Type.Object({ name: Text(20) }),
    data: UserProfileSchema,
    access: 'session',
  },
  roomInfo: {
    method: 'GET',
    path: 'meeting/room/:id/info',
    params: RoomId,
    data: MeetingRoomInfoSchema,
    access: 'session',
  },
  layoutUpdate: {
    method: 'POST',
    path: 'meeting/room/layout/update',
    body: Type.Object({
      roomUuid: Id,
      layout: Type.Optional(LayoutNameSchema),
      infoTypeVoList: Type.Array(LayoutItemSchema, { maxItems: 64 }),
      largeUid: Type.Optional(Type.String()),
      typeOfCDN: Type.Optional(Type.String({ maxLength: 32 })),
      channelName: Type.Optional(Type.String()),
    }),
    data: LayoutSchema,
    access: 'session',
  },
  mainScreenUpdate: {
    method: 'POST',
    path: 'meeting/room/mainScreen/update',
    body: Type.Object({ roomId: Id, mainScreen: Type.String({ maxLength: 64 }) }),
    data: Type.Object({ roomId: Type.String(), mainScreenUid: Type.String() }),
    access: 'session',
  },
  roomUpdate: {
    method: 'POST',
    path: 'meeting/room/update',
    body: Type.Object(
      {
        roomId: Id,
        roomName: Type.Optional(Text(64)),
        remark: Type.Optional(Type.String({ maxLength: 2000 })),
        tools: Type.Optional(Type.String({ maxLength: 500 })),
        audienceWatchType: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
        meetingTopic: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
        liveOpen: Type.Optional(FlagSchema),
      },
      { minProperties: 2 },
    ),
    data: RoomDetailSchema,
    access: 'session',
  },
  hostUserId: {
    method: 'GET',
    path: 'room/:id/hostUserId',
    params: RoomId,
    data: Type.Object({ hostUserId: Type.String(), hostUid: Type.String() }),
    access: 'session',
  },
  /**
   * Minutes left before the room's time limit ([COUNT-1]); the data is the number, or null
   * when the room has no time limit (then no countdown shows).
   */
  surplus: {
    method: 'GET',
    path: 'meeting/surplus/:id/info',
    params: RoomId,
    data: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    access: 'session',
  },
  recordState: {
    method: 'POST',
    path: 'record/state/update',
    body: Type.Object({
      roomId: Id,
      recordingState: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
    }),
    data: Type.Object({ roomId: Type.String(), recordingState: Type.Integer() }),
    access: 'session',
  },
  commentAdd: {
    method: 'POST',
    path: 'meeting/comment/add',
    body: Type.Object({ roomId: Id, content: Text(1000) }),
    data: CommentSchema,
    access: 'session',
  },
  commentRecent: {
    method: 'GET',
    path: 'meeting/comment/recent/list',
    query: Type.Object({ roomId: Id, size: Page.size }),
    data: Type.Array(CommentSchema),
    access: 'session',
  },
  joinRecordAdd: {
    method: 'POST',
    path: 'joinRecord/add',
    body: Type.Object({
      roomId: Id,
      source: Type.Optional(Type.String({ maxLength: 32 })),
    }),
    data: JoinRecordSchema,
    access: 'session',
  },
  /** Room state of non-meeting room types ([END-4]: state '2'). */
  stateUpdate: {
    method: 'POST',
    path: 'state/update',
    body: Type.Object({
      roomUuid: Id,
      state: Type.Union([
        Type.Integer({ minimum: 0, maximum: 2 }),
        Type.String({ pattern: '^[0-2]$' }),
      ]),
    }),
    data: Type.Object({ roomUuid: Type.String(), state: Type.Integer() }),
    access: 'session',
  },
  userTotal: {
    method: 'GET',
    path: 'room/:id/user/total',
    params: RoomId,
    data: Type.Object({ roomId: Type.String(), total: Type.Integer(), online: Type.Integer() }),
    access: 'session',
  },
})

const Uuid = Type.Object({ uuid: Id })

export const SceneV1Service = defineService(SCENE_V1_PREFIX, 20003, {
  roomUpdate: {
    method: 'POST',
    path: 'room/update',
    body: Type.Object(
      {
        roomUuid: Id,
        pcCoverImage: Type.Optional(Type.String({ maxLength: 1024 })),
        mobCoverImage: Type.Optional(Type.String({ maxLength: 1024 })),
        liveCdnType: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
        converterMob: Type.Optional(Type.String({ maxLength: 64 })),
        showLuckyMoney: Type.Optional(FlagSchema),
      },
      { minProperties: 2 },
    ),
    data: RoomDetailSchema,
    access: 'session',
  },
  like: {
    method: 'POST',
    path: 'room/:uuid/like',
    params: Uuid,
    body: Type.Optional(
      Type.Object({ count: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) }),
    ),
    data: LikeTotalSchema,
    access: 'session',
  },
  likeTotal: {
    method: 'GET',
    path: 'like/total',
    query: Type.Object({ roomUuid: Id }),
    data: LikeTotalSchema,
    access: 'session',
  },
  externalInfo: {
    method: 'GET',
    path: 'external/meeting/room/:uuid/info',
    params: Uuid,
    data: ExternalRoomInfoSchema,
    access: 'public',
  },
})
