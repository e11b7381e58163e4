import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Cmd } from '../../../streams/wire/channel'
import { RECORDING_MIN_SECONDS } from '../../../streams/wire/constants'
import { RecordingService, type Recording } from '../../../streams/wire/rest/recording'
import type { Identity } from '../auth/identity'
import type { Deps } from '../deps'
import { ApiFailure } from '../http/errors'
import { registerService, type RegisterOptions } from '../http/register'
import { receiveUpload } from '../http/upload'
import { Code, loadRoom, requireAction, requireMember } from '../rooms/access'
import { fileUrl, insertFile, type FileRow } from '../store/file-records'
import { updateRoom, type RoomRow } from '../store/rooms'

interface RecordingRow {
  recording_id: string
  room_id: string
  status: string
  start_time: string
  stop_time: string | null
}

/** Status codes ([REC-3]): 0 recording, 1 finished, 4 saved (a file was uploaded). */
const Status = { recording: 0, finished: 1, saved: 4 } as const

/** Cloud recording (spec §7): start and stop (announced, cmd 30), uploads, lists and config. */
export function recordingRoutes(app: FastifyInstance, deps: Deps, options: RegisterOptions): void {
  const { db, appId } = deps
  const host = async (roomId: string, who: Identity) => {
    const room = await loadRoom(db, roomId)
    const me = await requireMember(db, room, who)
    requireAction(me, 'startRecording')
    return { room, me }
  }
  const recordings = async (roomId: string, id?: string): Promise<Recording[]> => {
    const { rows } = await db.query<RecordingRow>(
      `SELECT * FROM recordings WHERE room_id = $1 AND ($2::text IS NULL OR recording_id = $2) ORDER BY start_time DESC, recording_id`,
      [roomId, id ?? null],
    )
    const { rows: files } = await db.query<FileRow>(
      `SELECT * FROM files WHERE room_id = $1 AND kind = 'recording' AND deleted_at IS NULL ORDER BY create_time`,
      [roomId],
    )
    const now = deps.now()
    return rows.map((r) => {
      const stop = r.stop_time === null ? null : Number(r.stop_time)
      return {
        recordingId: r.recording_id,
        roomId: r.room_id,
        status: Number(r.status),
        startTime: Number(r.start_time),
        stopTime: stop,
        duration: Math.floor(((stop ?? now) - Number(r.start_time)) / 1000),
        files: files
          .filter((f) => f.recording_id === r.recording_id)
          .map((f) => ({
            fileId: f.file_id,
            url: fileUrl(appId, f.file_id),
            size: Number(f.size),
            contentType: f.content_type,
          })),
      }
    })
  }
  const announce = (
    room: RoomRow,
    actor: { userId: string; userName: string },
    recordingState: number,
  ) =>
    deps.announce.channel(room.channel_name, Cmd.recordingStateChange, { ...actor, recordingState })

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

      async allList({ query, who }) {
        const { room } = await host(query.roomId, who)
        return recordings(room.room_id)
      },

      async mixStart({ body, who }) {
        const { room, me } = await host(body.roomId, who)
        if (room.state === 0)
          throw new ApiFailure(Code.ended, 'the meeting has ended', { reason: 'ended' })
        const id = randomBytes(8).toString('hex')
        const { rows } = await db.query(
          `INSERT INTO recordings (recording_id, room_id, status, started_by, start_time)
           SELECT $1, $2, $3, $4, $5 WHERE NOT EXISTS (SELECT 1 FROM recordings WHERE room_id = $2 AND status = $3)
           RETURNING recording_id`,
          [id, room.room_id, String(Status.recording), me.userId, deps.now()],
        )
        if (rows.length === 0)
          throw new ApiFailure(Code.recording, 'a recording is already running', {
            reason: 'running',
          })
        await updateRoom(db, room.room_id, { recordingState: 1 }, deps.now())
        announce(room, me, 1)
        return (await recordings(room.room_id, id))[0]!
      },

      async mixStop({ body, who }) {
        const { room, me } = await host(body.roomId, who)
        const running = (await recordings(room.room_id)).find(
          (r) =>
            r.status === Status.recording &&
            (!body.recordingId || r.recordingId === body.recordingId),
        )
        if (!running)
          throw new ApiFailure(Code.recording, 'no recording is running', { reason: 'notRunning' })
        // [REC-2] at least 15 seconds.
        if (running.duration < RECORDING_MIN_SECONDS)
          throw new ApiFailure(Code.recording, 'recording too short', { reason: 'tooShort' })
        await db.query(
          'UPDATE recordings SET status = $2, stop_time = $3 WHERE recording_id = $1',
          [
            running.recordingId,
            String(running.files.length > 0 ? Status.saved : Status.finished),
            deps.now(),
          ],
        )
        await updateRoom(db, room.room_id, { recordingState: 0 }, deps.now())
        announce(room, me, 0)
        return (await recordings(room.room_id, running.recordingId))[0]!
      },

      async addressList({ query, who }) {
        const room = await loadRoom(db, query.roomId)
        await requireMember(db, room, who)
        return (await recordings(room.room_id)).flatMap((r) =>
          r.files.map((f) => ({ recordingId: r.recordingId, url: f.url, status: r.status })),
        )
      },

      async upload({ params, request, who }) {
        const { rows } = await db.query<RecordingRow>(
          'SELECT * FROM recordings WHERE recording_id = $1',
          [params.recordingId],
        )
        const recording = rows[0]
        if (!recording)
          throw new ApiFailure(Code.recording, 'no such recording', { reason: 'noRecording' })
        const { room, me } = await host(recording.room_id, who)
        const upload = await receiveUpload(
          request,
          deps.files,
          deps.settings.maxUploadBytes,
          async () => {},
        )
        await insertFile(db, {
          file_id: randomBytes(8).toString('hex'),
          room_id: room.room_id,
          kind: 'recording',
          recording_id: recording.recording_id,
          name: upload.name,
          type: upload.type,
          content_type: upload.contentType,
          size: upload.size,
          storage_key: upload.key,
          user_id: me.userId,
          user_name: me.userName,
          create_time: deps.now(),
        })
        if (recording.stop_time !== null)
          await db.query('UPDATE recordings SET status = $2 WHERE recording_id = $1', [
            recording.recording_id,
            String(Status.saved),
          ])
        await updateRoom(db, room.room_id, { playbackState: 1 }, deps.now())
        return (await recordings(room.room_id, recording.recording_id))[0]!
      },

      async configGet({ query, who }) {
        const { room } = await host(query.roomId, who)
        return config(room.room_id)
      },

      async configSet({ body, who }) {
        const { room } = await host(body.roomId, who)
        const current = await config(room.room_id)
        const next = {
          ...current,
          ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
        }
        await db.query(
          `INSERT INTO recording_configs (room_id, auto_start, audio_only, resolution, layout) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (room_id) DO UPDATE SET auto_start = $2, audio_only = $3, resolution = $4, layout = $5`,
          [room.room_id, next.autoStart, next.audioOnly, next.resolution, next.layout],
        )
        return config(room.room_id)
      },
    },
    options,
  )

  async function config(roomId: string) {
    const { rows } = await db.query<{
      auto_start: number
      audio_only: number
      resolution: string
      layout: string
    }>('SELECT * FROM recording_configs WHERE room_id = $1', [roomId])
    const row = rows[0]
    const resolution: '480p' | '720p' | '1080p' =
      row?.resolution === '480p' || row?.resolution === '1080p' ? row.resolution : '720p'
    return {
      roomId,
      autoStart: (row?.auto_start ? 1 : 0) as 0 | 1,
      audioOnly: (row?.audio_only ? 1 : 0) as 0 | 1,
      resolution,
      layout: row?.layout ?? 'p_all_1',
    }
  }
}
