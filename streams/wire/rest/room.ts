import { Type, type Static } from '@sinclair/typebox'
import { FlagSchema, RoleSchema, RoomTypeSchema } from '../roles'
import { MemberSchema } from '../member'

/** Name length limit (spec §5, §9). */
export const MAX_NAME_LENGTH = 20

/** Room login (spec §7 "Room login"), sent by the home form. */
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

export const EntryAnswerDataSchema = Type.Object({ me: MeSchema, roomInfo: RoomInfoSchema })
export type EntryAnswerData = Static<typeof EntryAnswerDataSchema>

export const UserPageQuerySchema = Type.Object({
  role: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
})

export const UserPageDataSchema = Type.Object({
  list: Type.Array(MemberSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  size: Type.Integer(),
})
export type UserPageData = Static<typeof UserPageDataSchema>

/** What the client needs to know about the deployment before anything else. */
export const ClientConfigSchema = Type.Object({
  mode: Type.Union([Type.Literal('local'), Type.Literal('agora')]),
  appId: Type.String(),
  version: Type.String(),
})
export type ClientConfig = Static<typeof ClientConfigSchema>
