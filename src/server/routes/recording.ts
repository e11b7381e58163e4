import type { FastifyPluginAsync } from 'fastify'
import { RecordingService, type Recording } from '@streams/wire/rest/recording'
import type { Identity } from '../auth/identity'
import { ApiFailure } from '../http/errors'
import { registerService } from '../http/register'
import { Code, loadRoom, requireAction, requireLive, requireMember } from '../rooms/access'
import { startCloudRecording, stopCloudRecording } from '../rooms/recordings'
import { recordingFilesOf } from '../rooms/recording-files'
import { listRecordings, wasMember } from '../store/broadcast'
import { getRecordingConfig, saveRecordingConfig } from '../store/recording-configs'
import type { RouteOptions } from './options'

export { recordingVideoUrl } from '../rooms/recording-files'

/**
 * Cloud recording (spec §7): start and stop (announced, cmd 30), the lists and config. Which
 * engine records (this server or Agora's Cloud Recording) is the rooms' business, not the routes'.
 */
export const recordingRoutes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { deps, register: options },
) => {
  const { db, appId } = deps
  const host = async (roomId: string, who: Identity) => {
    const room = await loadRoom(db, roomId)
    const me = await requireMember(db, room, who)
    requireAction(me, 'startRecording')
    return { room, me }
  }
  const recordings = async (roomId: string, id?: string): Promise<Recording[]> => {
    const rows = await listRecordings(db, roomId, id)
    const now = deps.now()
    return rows.map((r) => {
      const stop = r.stop_time === null ? null : Number(r.stop_time)
      const status = Number(r.status)
      return {
        recordingId: r.recording_id,
        roomId: r.room_id,
        status,
        startTime: Number(r.start_time),
        stopTime: stop,
        duration:
          r.duration_ms !== null
            ? Math.floor(Number(r.duration_ms) / 1000)
            : Math.floor(((stop ?? now) - Number(r.start_time)) / 1000),
        interrupted: r.interrupted === 1,
        error: r.error,
        files: recordingFilesOf(r, appId, deps.settings.agoraRecording),
      }
    })
  }
  const one = async (roomId: string, id: string) => (await recordings(roomId, id))[0]!

  registerService(
    app,
    RecordingService,
    {
      async list({ query, who }) {
        const room = await loadRoom(db, query.roomId)
        await requireMember(db, room, who)
        const saved = (await recordings(room.room_id)).filter((r) => r.files.length > 0)
        const files = saved.flatMap((r) => r.files)
        return {
          roomId: room.room_id,
          uploadedVideoUrl: files[0]?.url ?? '',
          recordingFileListVos: files,
        }
      },

      /** Every recording of the room, for anyone who was in it (the recordings page). */
      async allList({ query, who }) {
        const room = await loadRoom(db, query.roomId)
        if (!(await wasMember(db, room.room_id, who.userId)))
          throw new ApiFailure(Code.notInRoom, 'you were not in this room', { reason: 'notInRoom' })
        return recordings(room.room_id)
      },

      async mixStart({ body, who }) {
        const { room, me } = await host(body.roomId, who)
        requireLive(room)
        return one(room.room_id, await startCloudRecording(deps, room, me))
      },

      async mixStop({ body, who }) {
        const { room, me } = await host(body.roomId, who)
        return one(room.room_id, await stopCloudRecording(deps, room, me, body.recordingId))
      },

      async addressList({ query, who }) {
        const room = await loadRoom(db, query.roomId)
        await requireMember(db, room, who)
        return (await recordings(room.room_id)).flatMap((r) =>
          r.files.map((f) => ({ recordingId: r.recordingId, url: f.url, status: r.status })),
        )
      },

      async configGet({ query, who }) {
        const { room } = await host(query.roomId, who)
        return getRecordingConfig(db, room.room_id)
      },

      async configSet({ body, who }) {
        const { room } = await host(body.roomId, who)
        const current = await getRecordingConfig(db, room.room_id)
        const next = {
          ...current,
          ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
        }
        await saveRecordingConfig(db, { ...next, roomId: room.room_id })
        return getRecordingConfig(db, room.room_id)
      },
    },
    options,
  )
}
