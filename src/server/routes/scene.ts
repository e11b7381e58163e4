import { randomBytes } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { Cmd } from '@streams/wire/channel'
import type { Layout } from '@streams/wire/rest/scene'
import { SceneService } from '@streams/wire/rest/scene'
import { Role } from '@streams/wire/roles'
import { LAYOUTS, type LayoutName } from '@streams/wire/video'
import { toProfile } from '../auth/profile'
import { ApiFailure } from '../http/errors'
import { registerService } from '../http/register'
import { Code, isHost, loadRoom, requireAction, requireLive, requireMember } from '../rooms/access'
import {
  insertComment,
  insertJoinRecord,
  recentComments,
  type Comment,
  type JoinRecord,
} from '../store/comments'
import { listMembers } from '../store/member-pages'
import { findPresentMember } from '../store/members'
import { getUser, setJoinName } from '../store/users'
import { roomDetail, updateRoom, type RoomRow } from '../store/rooms'
import type { RouteOptions } from './options'
import { stopRecordingAtMeetingEnd } from '../rooms/recordings'

const layoutName = (name: string): LayoutName =>
  (LAYOUTS as readonly string[]).includes(name) ? (name as LayoutName) : 'p_all_1'

export function toLayout(room: RoomRow): Layout {
  return {
    roomUuid: room.room_uuid,
    layout: layoutName(room.layout),
    infoTypeVoList: JSON.parse(room.layout_items) as Layout['infoTypeVoList'],
    largeUid: room.large_uid,
    typeOfCDN: room.type_of_cdn,
    channelName: room.channel_name,
  }
}

/** The scene service (spec §7): the user, meeting room info, layout, main screen, comments… */
export const sceneRoutes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { deps, register: options },
) => {
  const { db } = deps
  const profile = async (userId: string) => {
    const user = await getUser(db, userId)
    if (!user) throw new ApiFailure(20003, 'please login', { reason: 'notLoggedIn' })
    return toProfile(db, user)
  }

  registerService(
    app,
    SceneService,
    {
      user: async ({ who }) => profile(who.userId),

      async joinName({ query, who }) {
        const name = query.name.trim()
        if (!name)
          throw new ApiFailure(400, "params: name can't be empty", {
            status: 400,
            field: 'name',
            reason: 'empty',
          })
        await setJoinName(db, who.userId, name)
        return profile(who.userId)
      },

      async roomInfo({ params, who }) {
        const room = await loadRoom(db, params.id)
        await requireMember(db, room, who)
        const hosts = (await listMembers(db, room.room_id, { role: Role.host, page: 1, size: 50 }))
          .list
        return { room: await roomDetail(db, room), hosts, layout: toLayout(room) }
      },

      async layoutUpdate({ body, who }) {
        const room = await loadRoom(db, body.roomUuid)
        requireLive(room)
        const me = await requireMember(db, room, who)
        requireAction(me, 'setLayout')
        const updated = await updateRoom(
          db,
          room.room_id,
          {
            layout: body.layout,
            layoutItems: JSON.stringify(body.infoTypeVoList),
            largeUid: body.largeUid ?? '',
            typeOfCDN: body.typeOfCDN,
          },
          deps.now(),
        )
        const layout = toLayout(updated)
        deps.announce.channel(room.channel_name, Cmd.layout, {
          userId: me.userId,
          userName: me.userName,
          layout: layout.layout,
          positions: layout.infoTypeVoList,
          largeUid: layout.largeUid,
        })
        return layout
      },

      async mainScreenUpdate({ body, who }) {
        const room = await loadRoom(db, body.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        requireAction(me, 'setMainScreen')
        // [MAIN-3] blocked while someone shares the screen or the board.
        if (room.share_board === 1 || room.share_screen === 1)
          throw new ApiFailure(Code.mainScreen, 'set main screen failed', { reason: 'sharing' })
        let uid = body.mainScreen.trim()
        if (uid) {
          const target = await findPresentMember(db, room.room_id, uid)
          if (!target)
            throw new ApiFailure(Code.noMember, 'no matching audience', { reason: 'noMember' })
          // [MAIN-1] choosing the host itself clears the main screen.
          uid = isHost(target) ? '' : target.uid
        }
        await updateRoom(db, room.room_id, { mainScreenUid: uid }, deps.now())
        deps.announce.channel(room.channel_name, Cmd.mainScreen, {
          userId: me.userId,
          userName: me.userName,
          mainScreenUid: uid,
        })
        return { roomId: room.room_id, mainScreenUid: uid }
      },

      async roomUpdate({ body, who }) {
        const room = await loadRoom(db, body.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        requireAction(me, 'manageRoom')
        const updated = await updateRoom(
          db,
          room.room_id,
          {
            roomName: body.roomName?.trim(),
            remark: body.remark,
            tools: body.tools,
            audienceWatchType: body.audienceWatchType,
            meetingTopic: body.meetingTopic,
            liveOpen: body.liveOpen,
          },
          deps.now(),
        ).catch((error: unknown) => {
          if (String(error).includes('rooms_active_name'))
            throw new ApiFailure(Code.conflict, 'another open room has that name', {
              field: 'roomName',
              reason: 'taken',
            })
          throw error
        })
        const actor = { userId: me.userId, userName: me.userName }
        if (body.roomName !== undefined || body.meetingTopic !== undefined)
          deps.announce.channel(room.channel_name, Cmd.roomInfo, {
            ...actor,
            ...(body.roomName !== undefined ? { roomName: updated.room_name } : {}),
            ...(body.meetingTopic !== undefined ? { meetingTopic: body.meetingTopic } : {}),
          })
        if (
          body.audienceWatchType !== undefined &&
          body.audienceWatchType !== room.audience_watch_type
        )
          deps.announce.channel(room.channel_name, Cmd.audienceWatchTypeChange, {
            ...actor,
            audienceWatchType: body.audienceWatchType,
          })
        if (body.liveOpen !== undefined && body.liveOpen !== room.live_open)
          deps.announce.channel(room.channel_name, Cmd.liveTypeChanged, {
            ...actor,
            openLive: body.liveOpen,
          })
        return roomDetail(db, updated)
      },

      async hostUserId({ params, who }) {
        const room = await loadRoom(db, params.id)
        await requireMember(db, room, who)
        const host = (await listMembers(db, room.room_id, { role: Role.host, page: 1, size: 1 }))
          .list[0]
        return { hostUserId: host?.userId ?? '', hostUid: host?.uid ?? '' }
      },

      async surplus({ params, who }) {
        const room = await loadRoom(db, params.id)
        const me = await requireMember(db, room, who)
        requireAction(me, 'countdown')
        const limit = deps.settings.meetingMaxMinutes
        if (room.state === 0) return 0
        // No limit: nothing counts down.
        if (limit <= 0) return null
        const left = Number(room.start_time) + limit * 60_000 - deps.now()
        return Math.max(0, Math.ceil(left / 60_000))
      },

      async recordState({ body, who }) {
        const room = await loadRoom(db, body.roomId)
        const me = await requireMember(db, room, who)
        requireAction(me, 'manageRoom')
        await updateRoom(db, room.room_id, { recordingState: body.recordingState }, deps.now())
        deps.announce.channel(room.channel_name, Cmd.recordingStateChange, {
          userId: me.userId,
          userName: me.userName,
          recordingState: body.recordingState,
        })
        return { roomId: room.room_id, recordingState: body.recordingState }
      },

      async commentAdd({ body, who }) {
        const room = await loadRoom(db, body.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        if (me.enableChat === 0 || (room.mute_all_chat === 1 && !isHost(me)))
          throw new ApiFailure(Code.forbidden, 'chat is muted', { reason: 'forbidden' })
        const comment: Comment = {
          commentId: randomBytes(8).toString('hex'),
          roomId: room.room_id,
          userId: me.userId,
          userName: me.userName,
          userPhoto: me.userPhoto,
          content: body.content.trim(),
          createTime: deps.now(),
        }
        if (!comment.content)
          throw new ApiFailure(400, "params: content can't be empty", {
            status: 400,
            field: 'content',
            reason: 'empty',
          })
        await insertComment(db, comment)
        return comment
      },

      async commentRecent({ query, who }) {
        const room = await loadRoom(db, query.roomId)
        await requireMember(db, room, who)
        return recentComments(db, room.room_id, query.size ?? 20)
      },

      async joinRecordAdd({ body, who }) {
        const room = await loadRoom(db, body.roomId)
        const [me] = await Promise.all([findPresentMember(db, room.room_id, who.userId)])
        const record: JoinRecord = {
          recordId: randomBytes(8).toString('hex'),
          roomId: room.room_id,
          userId: who.userId,
          userName: me?.userName ?? who.nickName,
          source: body.source ?? 'web',
          createTime: deps.now(),
        }
        await insertJoinRecord(db, record)
        return record
      },

      async stateUpdate({ body, who }) {
        const room = await loadRoom(db, body.roomUuid)
        requireLive(room)
        const me = await requireMember(db, room, who)
        const state = Number(body.state)
        requireAction(me, state === 0 ? 'endMeeting' : 'manageRoom')
        await updateRoom(db, room.room_id, { state }, deps.now())
        if (state === 0) void stopRecordingAtMeetingEnd(deps, room.room_id)
        deps.announce.channel(room.channel_name, Cmd.roomInfo, {
          userId: me.userId,
          userName: me.userName,
          state,
        })
        return { roomUuid: room.room_uuid, state }
      },

      async userTotal({ params, who }) {
        const room = await loadRoom(db, params.id)
        await requireMember(db, room, who)
        const detail = await roomDetail(db, room)
        return { roomId: room.room_id, total: detail.totalPeople, online: detail.onlineUsers }
      },
    },
    { ...options, startsVisitor: ['user', 'joinName'] },
  )
}
