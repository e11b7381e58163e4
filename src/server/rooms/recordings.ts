import { randomBytes } from 'node:crypto'
import { RECORDING_MIN_SECONDS } from '@streams/wire/constants'
import type { Deps } from '../deps'
import { ApiFailure } from '../http/errors'
import {
  insertCloudRecording,
  RecordingStatus,
  runningCloudRecording,
  updateRecording,
} from '../store/broadcast'
import { recordingsNotOfEngine } from '../store/cloud-recordings'
import { getRoom, updateRoom, type RoomRow } from '../store/rooms'
import type { Actor } from './announce'
import { SERVER_ACTOR } from './announce'
import { Code } from './access'
import { recordingState } from './recording-state'

/**
 * A host starts cloud recording: the room's engine (deps.recording: this server's program, or
 * Agora's Cloud Recording) records the room in its CDN layout until it is stopped. Refused with
 * the reason when the engine cannot record here (what is missing, by name), or when a recording
 * already runs. A recording that cannot be made, then or later, makes the room's recording state
 * abnormal (2): the host gets the 'Recording failed' box ([REC-1]).
 */
export async function startCloudRecording(
  deps: Deps,
  room: RoomRow,
  actor: Actor,
): Promise<string> {
  const engine = deps.recording
  const availability = engine.availability
  if (!availability.available) {
    deps.log.warn(`cloud recording refused in room ${room.room_id}: ${availability.why}`)
    throw new ApiFailure(Code.recording, `cloud recording start failed: ${availability.why}`, {
      reason: 'unavailable',
    })
  }
  const recordingId = randomBytes(8).toString('hex')
  const inserted = await insertCloudRecording(deps.db, {
    recordingId,
    roomId: room.room_id,
    startedBy: actor.userId,
    now: deps.now(),
    engine: engine.kind,
  })
  if (!inserted)
    throw new ApiFailure(Code.recording, 'a recording is already running', { reason: 'running' })
  try {
    await engine.start(deps, room, recordingId, (reason) => {
      deps.log.warn(`recording ${recordingId} cannot be made: ${reason}`)
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
 * and it goes on). The engine stops it, the state is announced, and its files are made or
 * learnt in the background (status 3 'convert', then 4 'save'). A stop the engine could not
 * make is refused with the reason; the recording goes on.
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
  try {
    await deps.recording.stop(deps, room, running)
  } catch (error) {
    const message = (error as Error).message
    deps.log.warn(`recording ${running.recording_id} could not be stopped: ${message}`)
    throw new ApiFailure(Code.recording, `cloud recording stop failed: ${message}`, {
      reason: 'stopFailed',
    })
  }
  await updateRecording(deps.db, running.recording_id, {
    status: RecordingStatus.convert,
    stopTime: deps.now(),
  })
  await recordingState(deps, room, actor, 0)
  void deps.recording.finish(deps, running.recording_id)
  return running.recording_id
}

/**
 * The meeting ended (a host, the countdown, the inactive-room watch): the engine stops its
 * running recording now, in the background; a failure is logged, and the engine's watch tries
 * again.
 */
export function stopRecordingAtMeetingEnd(deps: Deps, roomId: string): Promise<void> {
  const engine = deps.recording
  if (!engine.meetingEnded) return Promise.resolve()
  return engine
    .meetingEnded(deps, roomId)
    .catch((e: Error) =>
      deps.log.warn(`the recording of room ${roomId} at the meeting's end: ${e.message}`),
    )
}

/**
 * At start: the engine takes up the recordings a previous run left (the local program's are
 * finished from what reached the disk; Agora's go on in the cloud and are watched again).
 * Recordings another engine left running (the server changed mode) end, interrupted.
 */
export async function recoverCloudRecordings(deps: Deps): Promise<number> {
  const others = await recordingsNotOfEngine(deps.db, deps.recording.kind)
  for (const row of others) {
    await updateRecording(deps.db, row.recording_id, {
      status: RecordingStatus.finished,
      stopTime: row.stop_time === null ? deps.now() : undefined,
      interrupted: true,
      error: `made by the ${row.engine} engine, which this server no longer runs`,
    })
    const room = await getRoom(deps.db, row.room_id)
    if (room?.recording_state === 1)
      await updateRoom(deps.db, room.room_id, { recordingState: 0 }, deps.now())
  }
  return others.length + (await deps.recording.recover(deps))
}
