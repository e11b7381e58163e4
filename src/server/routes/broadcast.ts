import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import send from '@fastify/send'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { ApiFailure } from '../http/errors'
import { recordingFiles } from '../media/compose/recorder'
import { Code } from '../rooms/access'
import { getRecording, RecordingStatus, wasMember } from '../store/broadcast'
import type { RouteOptions } from './options'

const LIVE_KEY = /^[A-Za-z0-9_-]{22}$/
const LIVE_FILE = /^(index\.m3u8|seg\d{1,12}\.ts)$/
const RECORDING_ID = /^[a-f0-9]{16}$/

async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  headers: Record<string, string>,
): Promise<FastifyReply> {
  const {
    statusCode,
    headers: sent,
    stream,
  } = await send(request.raw, path, {
    acceptRanges: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    dotfiles: 'deny',
  })
  return reply
    .code(statusCode)
    .headers({ ...sent, ...headers })
    .send(stream)
}

/**
 * Files of the broadcasts, outside the JSON envelope:
 * - `/live/{key}/{file}`: a room's live HLS stream, as a CDN would serve it (anyone with the
 *   address, which only the room's members are given; the key is derived from our secret). The
 *   playlist is never cached; a segment's name is never reused, so it may be.
 * - `…/recording/{id}/video`: a saved recording, with ranges (seeking), for anyone who was in its
 *   room; `?download=1` as an attachment.
 */
export const broadcastRoutes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { deps, register: options },
) => {
  app.get<{ Params: { key: string; file: string } }>('/live/:key/:file', async (request, reply) => {
    const { key, file } = request.params
    if (!LIVE_KEY.test(key) || !LIVE_FILE.test(file))
      return reply.code(404).send({ code: 404, msg: 'not found' })
    const path = `${deps.broadcasts.liveDir(key)}/${file}`
    if (!existsSync(path)) return reply.code(404).send({ code: 404, msg: 'not live' })
    if (file.endsWith('.m3u8')) {
      // The playlist is rewritten every segment (a rename over the old one). Read whole into
      // memory, it is a few hundred bytes: streamed from a stat taken before the rename, a
      // player could get a length that no longer matches, and its connection cut mid-answer.
      const read = await readFile(path, 'utf8').catch(() => undefined)
      if (!read) return reply.code(404).send({ code: 404, msg: 'not live' })
      // ffmpeg rounds the half-second segments' target duration down to 0; it is a whole number
      // of seconds no segment exceeds once rounded (RFC 8216 4.3.3.1): 1.
      const text = read.replace(/^#EXT-X-TARGETDURATION:0$/m, '#EXT-X-TARGETDURATION:1')
      return reply
        .headers({
          'content-type': 'application/vnd.apple.mpegurl',
          'cache-control': 'no-cache, no-store',
        })
        .send(text)
    }
    return sendFile(request, reply, path, {
      'content-type': 'video/mp2t',
      'cache-control': 'public, max-age=60',
    })
  })

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
