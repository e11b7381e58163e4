import { existsSync } from 'node:fs'
import type { FastifyPluginAsync } from 'fastify'
import { ApiFailure } from '../http/errors'
import { recordingFiles } from '../media/compose/recorder'
import { Code } from '../rooms/access'
import { getRecording, RecordingStatus, wasMember } from '../store/broadcast'
import { LIVE_FILE, LiveQuerySchema, sendFile, serveLive, type LiveQuery } from './live-origin'
import type { RouteOptions } from './options'

const LIVE_KEY = /^[A-Za-z0-9_-]{22}$/
const RECORDING_ID = /^[a-f0-9]{16}$/

/**
 * Files of the broadcasts, outside the JSON envelope:
 * - `/live/{key}/{file}`: a room's live stream in low-latency HLS, as a CDN's origin would serve
 *   it (anyone with the address, which only the room's members are given; the key is derived
 *   from our secret): `serveLive`. Only where this server makes the stream (local mode's engine).
 * - `…/recording/{id}/video`: a saved recording, with ranges (seeking), for anyone who was in its
 *   room; `?download=1` as an attachment.
 */
export const broadcastRoutes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { deps, register: options },
) => {
  app.get<{ Params: { key: string; file: string }; Querystring: LiveQuery }>(
    '/live/:key/:file',
    { schema: { querystring: LiveQuerySchema } },
    async (request, reply) => {
      const { key, file } = request.params
      const dir = LIVE_KEY.test(key) && LIVE_FILE.test(file) ? deps.live.originDir(key) : undefined
      if (!dir) return reply.code(404).send({ code: 404, msg: 'not found' })
      return serveLive(request, reply, dir, file, request.query)
    },
  )

  app.get<{ Params: { appId: string; recordingId: string }; Querystring: { download?: string } }>(
    '/api/s1/serve/:appId/v1/recording/:recordingId/video',
    async (request, reply) => {
      const who = await options.sessions.read(request)
      if (!who) throw new ApiFailure(10011, 'please login', { status: 401, reason: 'login' })
      const { recordingId } = request.params
      const recording = RECORDING_ID.test(recordingId)
        ? await getRecording(deps.db, recordingId)
        : undefined
      if (!recording || recording.kind !== 'cloud')
        throw new ApiFailure(Code.recording, 'no such recording', {
          status: 404,
          reason: 'noRecording',
        })
      if (!(await wasMember(deps.db, recording.room_id, who.userId)))
        throw new ApiFailure(Code.notInRoom, 'you were not in this room', {
          status: 403,
          reason: 'notInRoom',
        })
      const { video } = recordingFiles(deps.broadcasts.recordingDir(recordingId))
      if (Number(recording.status) !== RecordingStatus.saved || !existsSync(video))
        throw new ApiFailure(Code.recording, 'the recording is not ready', {
          status: 409,
          reason: 'notReady',
        })
      const name = `recording-${recordingId}.mp4`
      return sendFile(request, reply, video, {
        'content-type': 'video/mp4',
        'cache-control': 'private, max-age=3600',
        ...(request.query.download
          ? { 'content-disposition': `attachment; filename="${name}"` }
          : {}),
      })
    },
  )
}
