import { existsSync, statSync } from 'node:fs'
import type { Deps, RecordingEngine } from '../deps'
import type { Broadcasts } from '../media/compose/broadcasts'
import { finishRecording, recordingFiles } from '../media/compose/recorder'
import {
  getRecording,
  RecordingStatus,
  updateRecording,
  type RecordingRow,
} from '../store/broadcast'
import { recordingsOfEngine } from '../store/cloud-recordings'
import { getRoom, updateRoom } from '../store/rooms'
import { SERVER_ACTOR } from './announce'
import { recordingState } from './recording-state'

/**
 * Local mode's recording engine: the server records the room's composed program (the CDN layout
 * and the mixed sound) over Broadcasts, and makes one MP4 per recording when it stops.
 */
export function localRecordingEngine(broadcasts: Broadcasts): RecordingEngine {
  return {
    kind: 'local',
    get availability() {
      return broadcasts.availability
    },
    start: (_deps, room, recordingId, failed) =>
      broadcasts.startRecording(room, recordingId, failed),
    stop: (_deps, room, row) => broadcasts.stopRecording(room.room_id, row.recording_id),
    finish: finishCloudRecording,
    async recover(deps) {
      const rows = await recordingsOfEngine(deps.db, 'local', [
        RecordingStatus.recording,
        RecordingStatus.convert,
      ])
      for (const row of rows) {
        if (broadcasts.isRecording(row.recording_id)) continue
        if (Number(row.status) === RecordingStatus.recording) {
          await updateRecording(deps.db, row.recording_id, {
            status: RecordingStatus.convert,
            stopTime: lastWritten(broadcasts, row),
            interrupted: true,
          })
          const room = await getRoom(deps.db, row.room_id)
          if (room?.recording_state === 1)
            await updateRoom(deps.db, room.room_id, { recordingState: 0 }, deps.now())
        }
        await finishCloudRecording(deps, row.recording_id)
      }
      return rows.length
    },
  }
}

/**
 * Makes a stopped (or interrupted) recording's MP4 and records its length and size; the room's
 * playback list then has it. A recording with nothing in it ends 'finished' with no file.
 */
export async function finishCloudRecording(deps: Deps, recordingId: string): Promise<void> {
  const a = deps.broadcasts.availability
  const row = await getRecording(deps.db, recordingId)
  if (!row) return
  try {
    const ffmpeg = deps.broadcasts.ffmpegInstall
    if (!ffmpeg) throw new Error(a.available ? 'ffmpeg is not installed' : a.why)
    const done = await finishRecording(ffmpeg, deps.log, deps.broadcasts.recordingDir(recordingId))
    if (!done) {
      await updateRecording(deps.db, recordingId, {
        status: RecordingStatus.finished,
        error: 'nothing was recorded',
      })
      return
    }
    await updateRecording(deps.db, recordingId, {
      status: RecordingStatus.saved,
      durationMs: done.durationMs,
      size: done.size,
    })
    await updateRoom(deps.db, row.room_id, { playbackState: 1 }, deps.now())
  } catch (error) {
    const message = (error as Error).message
    deps.log.error(`recording ${recordingId} could not be finished: ${message}`)
    await updateRecording(deps.db, recordingId, {
      status: RecordingStatus.finished,
      error: message,
    })
    const room = await getRoom(deps.db, row.room_id)
    if (room && room.state !== 0) await recordingState(deps, room, SERVER_ACTOR, 2)
  }
}

/** When the last segment of a recording was written: where an interrupted one stopped. */
function lastWritten(broadcasts: Broadcasts, row: RecordingRow): number {
  const { playlist } = recordingFiles(broadcasts.recordingDir(row.recording_id))
  return existsSync(playlist) ? Math.round(statSync(playlist).mtimeMs) : Number(row.start_time)
}
