import { Cmd } from '@streams/wire/channel'
import { validateJoinForm } from '@streams/wire/join-form'
import { RoomService } from '@streams/wire/rest/room'
import { Role } from '@streams/wire/roles'
import { ApiFailure } from '../http/errors'
import { registerService } from '../http/register'
import { Code, loadRoom, requireAction, requireLive, requireMember } from '../rooms/access'
import type { AdmissionQueue } from '../rooms/admission'
import { enterRoom, toMe } from '../rooms/entry'
import { changeRoomState } from '../rooms/room-state'
import { SERVER_ACTOR } from '../rooms/announce'
import { keyOf, listMembers } from '../store/member-pages'
import {
  countPresent,
  findPresentMember,
  presentMembersOfUser,
  touchMembers,
} from '../store/members'
import { getRoom, hotNumber, roomDetail, toRoomInfo, updateRoom } from '../store/rooms'
import type { FastifyPluginAsync } from 'fastify'
import type { RouteOptions } from './options'

/** The room service under /api/s1/serve/{appId}/v1/ (spec §7): rooms and room-wide state. */
export const roomRoutes: FastifyPluginAsync<RouteOptions & { admission: AdmissionQueue }> = async (
  app,
  { deps, register: options, admission },
) => {
  const { db } = deps
  const online = async (roomId: string, channel: string) => {
    const connected = await deps.shared.memberCount(channel)
    if (connected > 0) return connected
    return countPresent(db, roomId)
  }

  registerService(
    app,
    RoomService,
    {
      async entry({ body, who }) {
        const problem = validateJoinForm(body)
        if (problem)
          throw new ApiFailure(400, problem.message, {
            status: 400,
            field: problem.field,
            reason: problem.reason,
          })
        if (body.role === Role.projection && !body.projectionId)
          throw new ApiFailure(400, "params: projectionId can't be empty", {
            status: 400,
            field: 'projectionId',
            reason: 'empty',
          })
        return admission.admit(body.ticket, () => enterRoom(deps, who, body))
      },

      async userPage({ params, query, who }) {
        const room = await loadRoom(db, params.roomId)
        await requireMember(db, room, who)
        const size = query.size ?? 100
        if (query.after === undefined) {
          const page = query.page ?? 1
          return {
            ...(await listMembers(db, room.room_id, { role: query.role, page, size })),
            page,
            size,
          }
        }
        // a cursor is asked alone, and only one this server wrote
        if (query.page !== undefined)
          throw new ApiFailure(400, 'page: not with after (a cursor)', {
            status: 400,
            field: 'page',
            reason: 'withCursor',
          })
        const after = keyOf(query.after)
        if (!after)
          throw new ApiFailure(400, "after: not a page's next cursor", {
            status: 400,
            field: 'after',
            reason: 'badCursor',
          })
        const answer = await listMembers(db, room.room_id, { role: query.role, size, after })
        return { ...answer, page: 0, size }
      },

      async board({ params, who }) {
        const room = await loadRoom(db, params.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        return deps.board.issue(room, me)
      },

      async updateRoom({ params, body, who }) {
        const room = await loadRoom(db, params.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        return toRoomInfo(await changeRoomState(deps, room, me, body))
      },

      async getRoom({ params, query, who }) {
        const room = await loadRoom(db, params.roomId)
        const [mine] = await presentMembersOfUser(db, room.room_id, who.userId)
        if (!mine && room.state !== 0)
          throw new ApiFailure(Code.notInRoom, 'you are not in this room', { reason: 'notInRoom' })
        const user = query.userUid
          ? ((await findPresentMember(db, room.room_id, query.userUid)) ?? null)
          : (mine ?? null)
        return { room: await roomDetail(db, room), user }
      },

      async simple({ params }) {
        const room = await loadRoom(db, params.roomId)
        return {
          roomId: room.room_id,
          roomUuid: room.room_uuid,
          roomName: room.room_name,
          roomType: toRoomInfo(room).roomType,
          channelName: room.channel_name,
          password: '' as const,
          hasPassword: true,
          audienceWatchType: room.audience_watch_type,
          state: room.state,
        }
      },

      async refreshToken({ params, query, identity }) {
        // [API-4]: any failure is 'refresh token failed'.
        const room = identity ? await getRoom(db, params.roomId) : undefined
        const mine =
          room && identity ? await presentMembersOfUser(db, room.room_id, identity.userId) : []
        // The asking page's member (an account present twice has two), else the latest.
        const me = query.uid ? mine.find((m) => m.uid === query.uid) : mine[0]
        if (!room || !me || room.state === 0)
          throw new ApiFailure(Code.refreshFailed, 'refresh token failed', {
            reason: 'refreshFailed',
          })
        return deps.media.issue({
          uid: me.uid,
          screenUid: me.screenId,
          channel: room.channel_name,
          userId: me.userId,
          role: me.role,
        })
      },

      async resume({ params, who }) {
        const room = await loadRoom(db, params.roomId)
        requireLive(room)
        const [mine] = await presentMembersOfUser(db, room.room_id, who.userId)
        if (!mine)
          throw new ApiFailure(Code.notInRoom, 'you are not in this room', { reason: 'notInRoom' })
        await touchMembers(db, [mine.uid], deps.now())
        return { roomInfo: toRoomInfo(room), me: toMe(deps, room, mine) }
      },

      async hostCheck({ params, who }) {
        const room = await loadRoom(db, params.roomId)
        const { list } = await listMembers(db, room.room_id, { role: Role.host, page: 1, size: 1 })
        const host = list[0]
        return {
          hostExists: Boolean(host),
          isHost: host?.userId === who.userId,
          hostUid: host?.uid ?? '',
          hostUserId: host?.userId ?? '',
        }
      },

      async usersAmount({ params, who }) {
        const room = await loadRoom(db, params.roomId)
        await requireMember(db, room, who)
        const detail = await roomDetail(db, room)
        return {
          roomId: room.room_id,
          usersAmount: await online(room.room_id, room.channel_name),
          hotNum: detail.hotNum,
        }
      },

      async updateUsersAmount({ params, query, who }) {
        const room = await loadRoom(db, params.roomId)
        const me = await requireMember(db, room, who)
        requireAction(me, 'refreshOnlineCount')
        const updated = await updateRoom(
          db,
          room.room_id,
          { usersAmount: query.usersAmount },
          deps.now(),
        )
        const detail = await roomDetail(db, updated)
        deps.announce.channel(room.channel_name, Cmd.usersAmountAndHotChange, {
          ...SERVER_ACTOR,
          usersAmount: query.usersAmount,
          hotNum: detail.hotNum,
        })
        return { roomId: room.room_id, usersAmount: query.usersAmount, hotNum: detail.hotNum }
      },

      async hotNum({ params, who }) {
        const room = await loadRoom(db, params.roomId)
        await requireMember(db, room, who)
        const detail = await roomDetail(db, room)
        return { roomId: room.room_id, hotNum: hotNumber(detail.totalPeople, detail.likeTotal) }
      },

      async inactiveRemove({ params, who }) {
        const room = await loadRoom(db, params.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        const warned = room.inactive_warned_at !== null
        await updateRoom(
          db,
          room.room_id,
          { inactiveWarnedAt: null, hostSeenAt: deps.now() },
          deps.now(),
        )
        if (warned)
          deps.announce.channel(room.channel_name, Cmd.cancelPopupOfInactiveRoom, {
            userId: me.userId,
            userName: me.userName,
          })
        return null
      },

      async keepAlive({ params, who }) {
        const room = await loadRoom(db, params.roomId)
        const member = await findPresentMember(db, room.room_id, params.uid)
        if (!member)
          throw new ApiFailure(Code.noMember, 'no matching audience', { reason: 'noMember' })
        if (member.userId !== who.userId)
          throw new ApiFailure(Code.notYou, 'you can only keep yourself alive', {
            reason: 'notYou',
          })
        const now = deps.now()
        await touchMembers(db, [member.uid], now)
        return { uid: member.uid, seenAt: now }
      },
    },
    { ...options, startsVisitor: ['entry'] },
  )
}
