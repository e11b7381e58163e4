import type { Deps } from '../deps'
import { getRecording, RecordingStatus, updateRecording } from '../store/broadcast'
import { cloudFilesOf } from '../store/cloud-recordings'
import { updateRoom } from '../store/rooms'

/**
 * After an Agora cloud recording stopped (or ended without a stop): the files its recorder
 * reported become the recording's, saved (4) with its length and the room's playback on, or
 * finished (1) without any ('nothing was recorded').
 */
export async function finishAgoraRecording(
  deps: Pick<Deps, 'db' | 'now'>,
  recordingId: string,
): Promise<void> {
  const row = await getRecording(deps.db, recordingId)
  if (!row) return
  const files = cloudFilesOf(row)
  if (files.length === 0) {
    await updateRecording(deps.db, recordingId, {
      status: RecordingStatus.finished,
      error: row.error || 'nothing was recorded',
    })
    return
  }
  const stop = row.stop_time === null ? deps.now() : Number(row.stop_time)
  await updateRecording(deps.db, recordingId, {
    status: RecordingStatus.saved,
    durationMs: Math.max(0, stop - Number(row.start_time)),
  })
  await updateRoom(deps.db, row.room_id, { playbackState: 1 }, deps.now())
}
