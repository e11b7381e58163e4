import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Member } from '@streams/wire/member'
import { Role } from '@streams/wire/roles'
import { Cmd } from '@streams/wire/channel'
import { LiveState } from '@streams/wire/constants'
import { LiveService, type LanguageStream, type LiveSetting } from '@streams/wire/rest/live'
import type { Deps } from '../deps'
import { ApiFailure } from '../http/errors'
import { registerService, type RegisterOptions } from '../http/register'
import { Code, isHost, loadRoom, requireHost, requireLive, requireMember } from '../rooms/access'
import { listLiveStreams, listPushUrls } from '../store/broadcast'
import { getMember } from '../store/members'
import { updateRoom, type RoomRow } from '../store/rooms'
import { applyLiveState } from '../rooms/live-state'

interface StreamRow {
  stream_id: string
  language_type: string
  language_name: string
  language_icon: string
  language_icon_active: string
  pull_url: string
  push_url: string
  interpreter_uid: string
}

/** Live settings (spec §7): CDN language streams, the introduction, backgrounds, live state. */
export function liveRoutes(app: FastifyInstance, deps: Deps, options: RegisterOptions): void {
  const { db } = deps
  const id = () => randomBytes(8).toString('hex')

  const streams = async (room: RoomRow, viewer: Member) => {
    const { rows } = await db.query<StreamRow>(
      'SELECT * FROM live_streams WHERE room_id = $1 ORDER BY create_time, stream_id',
      [room.room_id],
    )
    const pushes = new Map(deps.broadcasts.pushStates(room.room_id).map((p) => [p.url, p.state]))
    const own = new Set(deps.broadcasts.languageStreams(room.room_id))
    return rows.map((r): LanguageStream => {
      const push = isHost(viewer) && r.push_url ? pushes.get(r.push_url) : undefined
      return {
        streamId: r.stream_id,
        languageType: r.language_type,
        languageName: r.language_name,
        languageIcon: r.language_icon,
        languageIconActive: r.language_icon_active,
        pullUrl: r.pull_url,
        pushUrl: isHost(viewer) ? r.push_url : '',
        interpreterUid: r.interpreter_uid,
        liveUrl: own.has(r.stream_id)
          ? deps.broadcasts.liveUrl(room.channel_name, r.stream_id)
          : '',
        ...(isHost(viewer)
          ? {
              pushState: push?.kind ?? '',
              pushError: push?.kind === 'retrying' ? push.reason : '',
            }
          : {}),
      }
    })
  }
  const images = async (room: RoomRow) => {
    const { rows } = await db.query<{ image_id: string; url: string }>(
      'SELECT image_id, url FROM background_images WHERE room_id = $1 ORDER BY create_time, image_id',
      [room.room_id],
    )
    return rows.map((r) => ({ imageId: r.image_id, url: r.url }))
  }
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
   * The language streams changed while living: the broadcast follows, and the room is told the
   * live state again (cmd 27, LIVING), on which players fetch the streams anew ([ENTRY-3]).
   */
  const restream = async (room: RoomRow, me: Member) => {
    await deps.broadcasts.setStreams(room, await listLiveStreams(db, room.room_id))
    if (room.live_state === LiveState.LIVING)
      deps.announce.channel(room.channel_name, Cmd.liveStateChanges, {
        userId: me.userId,
        userName: me.userName,
        liveState: LiveState.LIVING,
      })
  }
  const setting = async (room: RoomRow, viewer: Member): Promise<LiveSetting> => ({
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
    streamingUrls: await streams(room, viewer),
    liveUrl:
      room.live_state === 1 || room.live_state === 2
        ? deps.broadcasts.liveUrl(room.channel_name)
        : '',
    liveAvailable: deps.broadcasts.availability.available ? 1 : 0,
    liveUnavailableReason: deps.broadcasts.availability.available
      ? ''
      : deps.broadcasts.availability.why,
  })

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
        await db.query(
          `INSERT INTO live_streams (stream_id, room_id, language_type, language_name, language_icon, language_icon_active, pull_url, push_url, create_time, interpreter_uid)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            id(),
            room.room_id,
            body.languageType,
            body.languageName,
            body.languageIcon ?? '',
            body.languageIconActive ?? '',
            body.pullUrl ?? '',
            pushUrl,
            deps.now(),
            interpreter,
          ],
        )
        // While live, the new URL gets the stream at once.
        await restream(room, me)
        return streams(room, me)
      },

      async streamingUrlsDelete({ params, body, who }) {
        const { room, me } = await requireHost(db, params.roomId, who)
        const { rows } = await db.query(
          'DELETE FROM live_streams WHERE room_id = $1 AND stream_id = $2 RETURNING stream_id',
          [room.room_id, body.streamId],
        )
        if (rows.length === 0)
          throw new ApiFailure(Code.live, 'no such streaming URL', { reason: 'noStream' })
        await restream(room, me)
        return streams(room, me)
      },

      async streamingUrlsUpdate({ params, body, who }) {
        const { room, me } = await requireHost(db, params.roomId, who)
        const interpreter = await interpreterOf(room, body.interpreterUid)
        const { rows } = await db.query(
          'UPDATE live_streams SET interpreter_uid = $3 WHERE room_id = $1 AND stream_id = $2 RETURNING stream_id',
          [room.room_id, body.streamId, interpreter],
        )
        if (rows.length === 0)
          throw new ApiFailure(Code.live, 'no such streaming URL', { reason: 'noStream' })
        await restream(room, me)
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
        await db.query(
          'INSERT INTO background_images (image_id, room_id, url, create_time) VALUES ($1, $2, $3, $4)',
          [id(), room.room_id, body.url, deps.now()],
        )
        return images(room)
      },

      async backgroundImageDelete({ params, body, who }) {
        const { room } = await requireHost(db, params.uuid, who)
        const { rows } = await db.query(
          'DELETE FROM background_images WHERE room_id = $1 AND image_id = $2 RETURNING image_id',
          [room.room_id, body.imageId],
        )
        if (rows.length === 0)
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
