import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Answer } from '../../../streams/wire/rest/envelope'
import {
  EntryAnswerDataSchema,
  EntryBodySchema,
  UserPageDataSchema,
  UserPageQuerySchema,
} from '../../../streams/wire/rest/room'
import { validateJoinForm } from '../../../streams/wire/join-form'
import { identify } from '../auth/identity'
import { ApiFailure, ok } from '../http/errors'
import { announceMember, enterRoom, type RoomDeps } from '../rooms/entry'
import {
  getMember,
  getRoom,
  listMembers,
  markMemberLeft,
  presentMembersOfUser,
} from '../store/rooms'

const RoomParams = Type.Object({ appId: Type.String(), roomId: Type.String({ minLength: 1 }) })
const ExitParams = Type.Object({
  appId: Type.String(),
  roomId: Type.String({ minLength: 1 }),
  uid: Type.String({ minLength: 1 }),
})
const ExitQuery = Type.Object({
  role: Type.Optional(Type.Integer()),
  reason: Type.Optional(Type.String()),
})

/** The room service under /api/s1/serve/{appId}/v1/ (spec §7). */
export function roomRoutes(app: FastifyInstance, deps: RoomDeps & { secure: boolean }): void {
  const prefix = '/api/s1/serve/:appId/v1'
  const who = (request: FastifyRequest, reply: FastifyReply) => identify(request, reply, deps)
  const checkApp = (appId: string) => {
    if (appId !== deps.appId) throw new ApiFailure(404, `unknown app '${appId}'`, { status: 404 })
  }

  app.post(
    `${prefix}/room/entry`,
    {
      schema: {
        params: Type.Object({ appId: Type.String() }),
        body: EntryBodySchema,
        response: { 200: Answer(EntryAnswerDataSchema) },
      },
    },
    async (request, reply) => {
      const { appId } = request.params as { appId: string }
      checkApp(appId)
      const body = request.body as typeof EntryBodySchema.static
      const problem = validateJoinForm(body)
      if (problem)
        throw new ApiFailure(400, problem.message, {
          status: 400,
          field: problem.field,
          reason: problem.reason,
        })
      return ok(await enterRoom(deps, await who(request, reply), body))
    },
  )

  app.get(
    `${prefix}/room/:roomId/user/page`,
    {
      schema: {
        params: RoomParams,
        querystring: UserPageQuerySchema,
        response: { 200: Answer(UserPageDataSchema) },
      },
    },
    async (request, reply) => {
      const { appId, roomId } = request.params as typeof RoomParams.static
      checkApp(appId)
      const identity = await who(request, reply)
      if ((await presentMembersOfUser(deps.db, roomId, identity.userId)).length === 0)
        throw new ApiFailure(1003, 'you are not in this room', { reason: 'notInRoom' })
      const query = request.query as typeof UserPageQuerySchema.static
      const page = query.page ?? 1
      const size = query.size ?? 100
      const { list, total } = await listMembers(deps.db, roomId, { role: query.role, page, size })
      return ok({ list, total, page, size })
    },
  )

  app.get(
    `${prefix}/room/:roomId/user/:uid/exit`,
    {
      schema: {
        params: ExitParams,
        querystring: ExitQuery,
        response: { 200: Answer(Type.Null()) },
      },
    },
    async (request, reply) => {
      const { appId, roomId, uid } = request.params as typeof ExitParams.static
      checkApp(appId)
      const identity = await who(request, reply)
      const [room, member] = await Promise.all([
        getRoom(deps.db, roomId),
        getMember(deps.db, roomId, uid),
      ])
      if (!room || !member)
        throw new ApiFailure(1004, 'no matching audience', { reason: 'noMember' })
      if (member.userId !== identity.userId)
        throw new ApiFailure(1005, 'you can only exit yourself', { reason: 'notYou' })
      if (await markMemberLeft(deps.db, roomId, uid, deps.now()))
        announceMember(deps, room.channel_name, { ...member, userState: 0 }, 'leave')
      return ok(null)
    },
  )
}
