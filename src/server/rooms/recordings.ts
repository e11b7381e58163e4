import { randomBytes } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import { Cmd } from '@streams/wire/channel'
import { RECORDING_MIN_SECONDS } from '@streams/wire/constants'
import type { Deps } from '../deps'
import { ApiFailure } from '../http/errors'
import { finishRecording, recordingFiles } from '../media/compose/recorder'
import {
  getRecording,
  insertCloudRecording,
  RecordingStatus,
  runningCloudRecording,
  unfinishedCloudRecordings,
  updateRecording,
  type RecordingRow,
} from '../store/broadcast'
import { getRoom, updateRoom, type RoomRow } from '../store/rooms'
import type { Actor } from './announce'
import { SERVER_ACTOR } from './announce'
import { Code } from './access'

/** The room's recording state, stored and announced (cmd 30: 0 idle, 1 recording, 2 abnormal). */
async function recordingState(deps: Deps, room: RoomRow, actor: Actor, state: 0 | 1 | 2) {
  await updateRoom(deps.db, room.room_id, { recordingState: state }, deps.now())
  deps.announce.channel(room.channel_name, Cmd.recordingStateChange, {
    ...actor,
    recordingState: state,
  })
}

/**
 * A host starts cloud recording: the server records the room's composed program (the CDN
 * layout) until it is stopped. Refused with the reason when this server cannot record, or when
 * a recording already runs. A recording that cannot be written makes the room's recording state
 * abnormal (2): the host gets the 'Recording failed' box ([REC-1]).
 */
export async function startCloudRecording(
  deps: Deps,
  room: RoomRow,
  actor: Actor,
): Promise<string> {
  const { broadcasts } = deps
  const availability = broadcasts.availability
  if (!availability.available)
    throw new ApiFailure(Code.recording, `cloud recording start failed: ${availability.why}`, {
      reason: 'unavailable',
    })
  const recordingId = randomBytes(8).toString('hex')
  const inserted = await insertCloudRecording(deps.db, {
    recordingId,
    roomId: room.room_id,
    startedBy: actor.userId,
    now: deps.now(),
  })
  if (!inserted)
    throw new ApiFailure(Code.recording, 'a recording is already running', { reason: 'running' })
  try {
    await broadcasts.startRecording(room, recordingId, (reason) => {
      deps.log.warn(`recording ${recordingId} cannot be written: ${reason}`)
      void recordingState(deps, room, SERVER_ACTOR, 2)
    })
  } catch (error) {
    const message = (error as Error).message
    await updateRecording(deps.db, recordingId, {
      status: RecordingStatus.finished,
      stopTime: deps.now(),
      error: message,
    })
    throw new ApiFailure(Code.recording, `cloud recording start failed: ${message}`, {
      reason: 'startFailed',
    })
  }
  await recordingState(deps, room, actor, 1)
  return recordingId
}

/**
 * A host stops the running recording: at least 15 seconds in ([REC-2] 'recording too short',
 * and it goes on). The last segment is completed, the state announced, and the MP4 made in the
 * background (status 3 'convert', then 4 'save').
 */
export async function stopCloudRecording(
  deps: Deps,
  room: RoomRow,
  actor: Actor,
  recordingId?: string,
): Promise<string> {
  const running = await runningCloudRecording(deps.db, room.room_id)
  if (!running || (recordingId && running.recording_id !== recordingId))
    throw new ApiFailure(Code.recording, 'no recording is running', { reason: 'notRunning' })
  const seconds = (deps.now() - Number(running.start_time)) / 1000
  if (seconds < RECORDING_MIN_SECONDS)
    throw new ApiFailure(Code.recording, 'recording too short', { reason: 'tooShort' })
  await deps.broadcasts.stopRecording(room.room_id, running.recording_id)
  await updateRecording(deps.db, running.recording_id, {
    status: RecordingStatus.convert,
    stopTime: deps.now(),
  })
  await recordingState(deps, room, actor, 0)
  void finishCloudRecording(deps, running.recording_id)
  return running.recording_id
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
function lastWritten(deps: Deps, row: RecordingRow): number {
  const { playlist } = recordingFiles(deps.broadcasts.recordingDir(row.recording_id))
  return existsSync(playlist) ? Math.round(statSync(playlist).mtimeMs) : Number(row.start_time)
}

/**
 * At start: recordings a previous run left running (it crashed or was stopped) are finished from
 * what reached the disk, up to the last whole segment, and marked as interrupted; those it left
 * converting are converted again. Their rooms are no longer recording.
 */
export async function recoverCloudRecordings(deps: Deps): Promise<number> {
  const rows = await unfinishedCloudRecordings(deps.db)
  for (const row of rows) {
    if (deps.broadcasts.isRecording(row.recording_id)) continue
    if (Number(row.status) === RecordingStatus.recording) {
      await updateRecording(deps.db, row.recording_id, {
        status: RecordingStatus.convert,
        stopTime: lastWritten(deps, row),
        interrupted: true,
      })
      const room = await getRoom(deps.db, row.room_id)
      if (room?.recording_state === 1)
        await updateRoom(deps.db, room.room_id, { recordingState: 0 }, deps.now())
    }
    await finishCloudRecording(deps, row.recording_id)
  }
  return rows.length
}
