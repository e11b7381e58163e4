import { randomBytes } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import type { Member } from '@streams/wire/member'
import { Role } from '@streams/wire/roles'
import { Cmd } from '@streams/wire/channel'
import { LiveState } from '@streams/wire/constants'
import { LiveService, type LanguageStream, type LiveSetting } from '@streams/wire/rest/live'
import { ApiFailure } from '../http/errors'
import { registerService } from '../http/register'
import { Code, isHost, loadRoom, requireHost, requireLive, requireMember } from '../rooms/access'
import { listLiveStreams, listPushUrls } from '../store/broadcast'
import {
  deleteBackgroundImage,
  deleteLiveStream,
  insertBackgroundImage,
  insertLiveStream,
  listBackgroundImages,
  listLanguageStreams,
  setInterpreter,
  type LiveStream,
} from '../store/live-settings'
import { getMember } from '../store/members'
import { updateRoom, type RoomRow } from '../store/rooms'
import { applyLiveState } from '../rooms/live-state'
import type { RouteOptions } from './options'

/** Live settings (spec §7): CDN language streams, the introduction, backgrounds, live state. */
export const liveRoutes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { deps, register: options },
) => {
  const { db } = deps
  const id = () => randomBytes(8).toString('hex')

  const streamsOf = async (room: RoomRow, viewer: Member, rows: readonly LiveStream[]) => {
    const states = isHost(viewer) ? await deps.live.pushStates(room.room_id) : []
    const pushes = new Map(states.map((p) => [p.url, p.state]))
    return rows.map((r): LanguageStream => {
      const push = isHost(viewer) && r.pushUrl ? pushes.get(r.pushUrl) : undefined
      return {
        ...r,
        pushUrl: isHost(viewer) ? r.pushUrl : '',
        liveUrl: deps.live.languageUrl(room, r.streamId),
        ...(isHost(viewer)
          ? {
              pushState: push?.kind ?? '',
              pushError: push?.kind === 'retrying' ? push.reason : '',
            }
          : {}),
      }
    })
  }
  const streams = async (room: RoomRow, viewer: Member) =>
    streamsOf(room, viewer, await listLanguageStreams(db, room.room_id))
  const images = (room: RoomRow) => listBackgroundImages(db, room.room_id)
  /** An interpreter must be a member who can speak in the room (a host or a conferee). */
  const interpreterOf = async (room: RoomRow, uid: string): Promise<string> => {
    if (!uid) return ''
    const member = await getMember(db, room.room_id, uid)
    if (!member || (member.role !== Role.host && member.role !== Role.conferee))
      throw new ApiFailure(Code.live, 'the interpreter is not a host or conferee of this room', {
        field: 'interpreterUid',
        reason: 'noInterpreter',
      })
    return uid
  }
  /**
   * The language streams changed: the broadcast follows while live, and the room is told its
   * live state again (cmd 27 with the state it is in), on which players and members fetch the
   * streams anew ([ENTRY-3]): before the live (READY), while it runs (LIVING) and while it is
   * paused (PAUSE), never after its END (an END again would end the room for its publishers,
   * [LIVE-2]).
   */
  const restream = async (room: RoomRow, me: Member) => {
    await deps.live.setStreams(room, await listLiveStreams(db, room.room_id))
    const state = room.live_state
    if (state === LiveState.READY || state === LiveState.LIVING || state === LiveState.PAUSE)
      deps.announce.channel(room.channel_name, Cmd.liveStateChanges, {
        userId: me.userId,
        userName: me.userName,
        liveState: state,
      })
  }
  const setting = async (room: RoomRow, viewer: Member): Promise<LiveSetting> => {
    const live = room.live_state === LiveState.LIVING || room.live_state === LiveState.PAUSE
    const rows = await listLanguageStreams(db, room.room_id)
    const { availability } = deps.live
    const pushUrl = live && isHost(viewer) ? deps.live.roomPushUrl(room) : ''
    const push = pushUrl
      ? (await deps.live.pushStates(room.room_id)).find((p) => p.url === pushUrl)?.state
      : undefined
    return {
      roomId: room.room_id,
      roomUuid: room.room_uuid,
      liveState: (room.live_state >= 0 && room.live_state <= 3 ? room.live_state : 0) as
        0 | 1 | 2 | 3,
      liveOpen: room.live_open ? 1 : 0,
      introduceOpen: room.introduce_open ? 1 : 0,
      introduce: room.introduce,
      audienceWatchType: room.audience_watch_type,
      liveCdnType: room.live_cdn_type,
      pcCoverImage: room.pc_cover_image,
      mobCoverImage: room.mob_cover_image,
      backgroundImages: await images(room),
      streamingUrls: await streamsOf(room, viewer, rows),
      liveUrl: live ? deps.live.liveUrl(room, rows) : '',
      ...(pushUrl
        ? {
            pushUrl,
            pushState: push?.kind ?? '',
            pushError: push?.kind === 'retrying' ? push.reason : '',
          }
        : {}),
      ...(live && isHost(viewer) && deps.live.cardsUrl ? { cardsUrl: deps.live.cardsUrl } : {}),
      liveAvailable: availability.available ? 1 : 0,
      liveUnavailableReason: availability.available ? '' : availability.why,
    }
  }

  registerService(
    app,
    LiveService,
    {
      async streamingUrlsAdd({ params, body, who }) {
        const { room, me } = await requireHost(db, params.roomId, who)
        const pushUrl = body.pushUrl ?? ''
        const interpreter = await interpreterOf(room, body.interpreterUid ?? '')
        if (!pushUrl && !body.pullUrl && !interpreter)
          throw new ApiFailure(
            Code.live,
            'a streaming URL needs a push URL, a pull URL or an interpreter',
            { field: 'pushUrl', reason: 'noUrl' },
          )
        // One push per URL: a second row would share the first one's push and state.
        if (pushUrl && (await listPushUrls(db, room.room_id)).includes(pushUrl))
          throw new ApiFailure(Code.live, 'this push URL is already added', {
            field: 'pushUrl',
            reason: 'duplicate',
          })
        await insertLiveStream(
          db,
          room.room_id,
          {
            streamId: id(),
            languageType: body.languageType,
            languageName: body.languageName,
            languageIcon: body.languageIcon ?? '',
            languageIconActive: body.languageIconActive ?? '',
            pullUrl: body.pullUrl ?? '',
            pushUrl,
            interpreterUid: interpreter,
          },
          deps.now(),
        )
        // While live, the new URL gets the stream at once.
        await restream(room, me)
        return streams(room, me)
      },

      async streamingUrlsDelete({ params, body, who }) {
        const { room, me } = await requireHost(db, params.roomId, who)
        if (!(await deleteLiveStream(db, room.room_id, body.streamId)))
          throw new ApiFailure(Code.live, 'no such streaming URL', { reason: 'noStream' })
        await restream(room, me)
        return streams(room, me)
      },

      async streamingUrlsUpdate({ params, body, who }) {
        const { room, me } = await requireHost(db, params.roomId, who)
        const interpreter = await interpreterOf(room, body.interpreterUid)
        if (!(await setInterpreter(db, room.room_id, body.streamId, interpreter)))
          throw new ApiFailure(Code.live, 'no such streaming URL', { reason: 'noStream' })
        await restream(room, me)
        return streams(room, me)
      },

      async pushReport({ params, body, who }) {
        const { room, me } = await requireHost(db, params.roomId, who)
        const live = room.live_state === LiveState.LIVING || room.live_state === LiveState.PAUSE
        const url = body.streamId
          ? (await listLiveStreams(db, room.room_id)).find((s) => s.streamId === body.streamId)
              ?.pushUrl
          : deps.live.roomPushUrl(room)
        if (!url)
          throw new ApiFailure(Code.live, 'no such push URL', {
            field: 'streamId',
            reason: 'noStream',
          })
        const state =
          body.state === 'retrying'
            ? { kind: body.state, reason: body.reason ?? '', attempt: 1 }
            : { kind: body.state }
        // Only while live, and only where the host's client pushes (local mode pushes itself).
        if (!live || !(await deps.live.reportPush(room.room_id, url, state)))
          throw new ApiFailure(Code.live, 'this server does not take push reports now', {
            reason: live ? 'notReported' : 'notLive',
          })
        return streams(room, me)
      },

      async introduceOpen({ params, body, who }) {
        const { room, me } = await requireHost(db, params.uuid, who)
        const updated = await updateRoom(
          db,
          room.room_id,
          { introduceOpen: body.introduceOpen, introduce: body.introduce },
          deps.now(),
        )
        return setting(updated, me)
      },

      async backgroundImageAdd({ params, body, who }) {
        const { room } = await requireHost(db, params.uuid, who)
        await insertBackgroundImage(db, room.room_id, { imageId: id(), url: body.url }, deps.now())
        return images(room)
      },

      async backgroundImageDelete({ params, body, who }) {
        const { room } = await requireHost(db, params.uuid, who)
        if (!(await deleteBackgroundImage(db, room.room_id, body.imageId)))
          throw new ApiFailure(Code.file, 'no such background image', { reason: 'noImage' })
        return images(room)
      },

      async liveState({ params, body, who }) {
        const { room, me } = await requireHost(db, params.uuid, who)
        requireLive(room)
        const updated = await applyLiveState(deps, room, me, body.liveState)
        return setting(updated, me)
      },

      async setting({ params, who }) {
        const room = await loadRoom(db, params.roomId)
        const me = await requireMember(db, room, who)
        return setting(room, me)
      },
    },
    options,
  )
}
