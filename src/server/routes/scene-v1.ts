import type { FastifyPluginAsync } from 'fastify'
import { Cmd } from '@streams/wire/channel'
import { SceneV1Service } from '@streams/wire/rest/scene'
import { Role } from '@streams/wire/roles'
import { registerService } from '../http/register'
import { loadRoom, requireAction, requireLive, requireMember } from '../rooms/access'
import { SERVER_ACTOR } from '../rooms/announce'
import { listMembers } from '../store/member-pages'
import { countPresent } from '../store/members'
import { addLikes, roomDetail, updateRoom } from '../store/rooms'
import type { RouteOptions } from './options'

/** The scene service's v1 routes (spec §7): the room's covers and flags, likes, external info. */
export const sceneV1Routes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { deps, register: options },
) => {
  const { db } = deps
  registerService(
    app,
    SceneV1Service,
    {
      async roomUpdate({ body, who }) {
        const room = await loadRoom(db, body.roomUuid)
        const me = await requireMember(db, room, who)
        requireAction(me, 'manageRoom')
        const updated = await updateRoom(
          db,
          room.room_id,
          {
            pcCoverImage: body.pcCoverImage,
            mobCoverImage: body.mobCoverImage,
            liveCdnType: body.liveCdnType,
            converterMob: body.converterMob,
            showLuckyMoney: body.showLuckyMoney,
          },
          deps.now(),
        )
        return roomDetail(db, updated)
      },

      async like({ params, body, who }) {
        const room = await loadRoom(db, params.uuid)
        requireLive(room)
        const me = await requireMember(db, room, who)
        requireAction(me, 'like')
        const likeTotal = await addLikes(db, room.room_id, body?.count ?? 1)
        deps.announce.channel(room.channel_name, Cmd.giveLike, {
          userId: me.userId,
          userName: me.userName,
          likeTotal,
        })
        // [LIKE-1] [CMD-24] a like changes the hot number too: everyone's header follows it.
        const detail = await roomDetail(db, { ...room, like_total: likeTotal })
        deps.announce.channel(room.channel_name, Cmd.usersAmountAndHotChange, {
          ...SERVER_ACTOR,
          hotNum: detail.hotNum,
        })
        return { roomUuid: room.room_uuid, likeTotal }
      },

      async likeTotal({ query }) {
        const room = await loadRoom(db, query.roomUuid)
        return { roomUuid: room.room_uuid, likeTotal: room.like_total }
      },

      async externalInfo({ params }) {
        const room = await loadRoom(db, params.uuid)
        const host = (await listMembers(db, room.room_id, { role: Role.host, page: 1, size: 1 }))
          .list[0]
        return {
          roomUuid: room.room_uuid,
          roomName: room.room_name,
          state: room.state,
          liveState: room.live_state,
          startTime: Number(room.start_time),
          pcCoverImage: room.pc_cover_image,
          mobCoverImage: room.mob_cover_image,
          meetingTopic: room.meeting_topic,
          hasPassword: true,
          hostName: host?.userName ?? '',
          onlineUsers: await countPresent(db, room.room_id),
        }
      },
    },
    options,
  )
}
