import { Type, type Static } from '@sinclair/typebox'
import { FlagSchema, RoleSchema } from '../roles'
import { MemberSchema } from '../member'
import { RequestTypeSchema } from '../peer'
import { RoomInfoSchema } from './room'
import { AppParams, defineService, Id, NoData, ROOM_PREFIX, Text } from './route'

/**
 * Member routes of the room service. `{userId}` in a path is the member's uid (its userId is
 * accepted too, for the member present in the room).
 */

/** One media flag of a member (spec §7 "Update user media state"): at least one field. */
export const MediaFlagBodySchema = Type.Object(
  {
    enableAudio: Type.Optional(FlagSchema),
    enableVideo: Type.Optional(FlagSchema),
    enableChat: Type.Optional(FlagSchema),
    grantBoard: Type.Optional(FlagSchema),
  },
  { minProperties: 1 },
)
export type MediaFlagBody = Static<typeof MediaFlagBodySchema>

/** Grant (1) or revoke (0): the board ([BOARD-3]) or a screen share ([SCREEN-1]). */
export const GrantBodySchema = Type.Object({ grant: FlagSchema })

/** After a board or screen change: the member and the room's share state. */
export const ShareAnswerSchema = Type.Object({ member: MemberSchema, room: RoomInfoSchema })

/** Why a member leaves ([KICK-1], [KICK-2]). */
export const ExitReasonSchema = Type.Union([
  Type.Literal('leave'),
  Type.Literal('kickUserBy'),
  Type.Literal('serverTimeOut'),
  Type.Literal('exitInactiveRoom'),
  Type.Literal('meetingEnd'),
])
export type ExitReason = Static<typeof ExitReasonSchema>

export const ExitQuerySchema = Type.Object({
  role: Type.Optional(RoleSchema),
  reason: Type.Optional(ExitReasonSchema),
})

/** Host change ([HOST-1]): the old host to role 2 and the chosen member to role 1. */
export const HostChangeBodySchema = Type.Array(
  Type.Object({ uid: Id, role: Type.Union([Type.Literal(1), Type.Literal(2)]) }),
  { minItems: 2, maxItems: 2 },
)

/** Join name change (cmd 31): a member's display name in the room. */
export const JoinNameBodySchema = Type.Object({
  roomId: Id,
  uid: Type.Optional(Type.String()),
  joinName: Text(20),
})

/** The user a projection screen is (spec §7 "Projection user"). */
export const ProjectionUserSchema = Type.Object({
  uid: Type.String(),
  userId: Type.String(),
  screenId: Type.String(),
})

/** Actions in a request body: 1 ask or accept, 2 reject, 3 cancel ([APPLY-1], [BOARD-10]). */
export const RequestBodyActionSchema = Type.Union([
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
])

/**
 * Invite (host to member) and apply (member to host, or to the board creator for the board):
 * `action` 1 asks or accepts, 2 rejects, 3 cancels (a board request, [BOARD-10]). The server
 * records it and delivers the peer message (cmd 1 invite, cmd 2 apply) itself.
 */
export const RequestBodySchema = Type.Object({
  type: RequestTypeSchema,
  action: RequestBodyActionSchema,
})
export const RequestAnswerSchema = Type.Object({
  /** The uid the peer message went to. */
  to: Type.String(),
  /** Whether that member was online to receive it. */
  delivered: Type.Boolean(),
})

const UserParams = AppParams({ roomId: Id, userId: Id })
const UidParams = AppParams({ roomId: Id, uid: Id })

export const RoomUserService = defineService(ROOM_PREFIX, 10011, {
  mediaFlag: {
    method: 'POST',
    path: 'room/:roomId/user/:userId',
    params: UserParams,
    body: MediaFlagBodySchema,
    data: MemberSchema,
    access: 'session',
  },
  grantBoard: {
    method: 'POST',
    path: 'room/:roomId/user/:userId/board',
    params: UserParams,
    body: GrantBodySchema,
    data: ShareAnswerSchema,
    access: 'session',
  },
  grantScreen: {
    method: 'POST',
    path: 'room/:roomId/user/:userId/screen',
    params: UserParams,
    body: GrantBodySchema,
    data: ShareAnswerSchema,
    access: 'session',
  },
  exit: {
    method: 'GET',
    path: 'room/:roomId/user/:uid/exit',
    params: UidParams,
    query: ExitQuerySchema,
    data: NoData,
    access: 'session',
  },
  setHost: {
    method: 'POST',
    path: 'room/:roomId/user/:uid/host',
    params: UidParams,
    body: HostChangeBodySchema,
    data: Type.Array(MemberSchema),
    access: 'session',
  },
  invite: {
    method: 'POST',
    path: 'room/:roomId/user/:userId/invite',
    params: UserParams,
    body: RequestBodySchema,
    data: RequestAnswerSchema,
    access: 'session',
  },
  apply: {
    method: 'POST',
    path: 'room/:roomId/apply',
    params: AppParams({ roomId: Id }),
    body: Type.Composite([
      RequestBodySchema,
      Type.Object({
        to: Type.Optional(Type.String({ description: 'an applicant, when answering' })),
      }),
    ]),
    data: RequestAnswerSchema,
    access: 'session',
  },
  joinName: {
    method: 'POST',
    path: 'user/joinName/update',
    params: AppParams({}),
    body: JoinNameBodySchema,
    data: MemberSchema,
    access: 'session',
  },
  projectionSelect: {
    method: 'GET',
    path: 'projection/:roomId/user/:id/select',
    params: AppParams({ roomId: Id, id: Id }),
    data: ProjectionUserSchema,
    access: 'session',
  },
})
