import { Cmd } from '@streams/wire/channel'
import { LiveState, type LiveStateId } from '@streams/wire/constants'
import type { Member } from '@streams/wire/member'
import type { Deps } from '../deps'
import { ApiFailure } from '../http/errors'
import { listLiveStreams, liveRooms, RecordingStatus, updateRecording } from '../store/broadcast'
import { updateRoom, type RoomRow } from '../store/rooms'
import { Code } from './access'
import { finishCloudRecording } from './local-recording'

/** What the audience sees while the live is paused (the picture carries it, in both languages). */
export const PAUSED_SLATE = '直播暂停 · Live paused'

/**
 * A host changes the live state ([LIVE-1]): LIVING starts the broadcast (our HLS stream and a
 * push to every streaming URL) or resumes it, PAUSE shows a still picture instead of the room,
 * END (or READY) stops it and closes the stream. The room's live state and open-live flag are
 * stored, then announced ([HOST-6]): cmd 27 with the state, cmd 12 when the open-live flag
 * changes ([OPEN-1]) and cmd 29 with the converter's state.
 */
export async function applyLiveState(
  deps: Deps,
  room: RoomRow,
  actor: Pick<Member, 'userId' | 'userName'>,
  state: LiveStateId,
): Promise<RoomRow> {
  const { live } = deps
  const on = state === LiveState.LIVING || state === LiveState.PAUSE
  const availability = live.availability
  if (on && !availability.available)
    throw new ApiFailure(Code.live, `live is unavailable: ${availability.why}`, {
      reason: 'liveUnavailable',
    })
  if (on)
    await live.run(
      room,
      await listLiveStreams(deps.db, room.room_id),
      state === LiveState.PAUSE ? PAUSED_SLATE : null,
    )
  else await live.stop(room.room_id)
  const open = on ? 1 : 0
  const updated = await updateRoom(
    deps.db,
    room.room_id,
    { liveState: state, liveOpen: open },
    deps.now(),
  )
  const who = { userId: actor.userId, userName: actor.userName }
  deps.announce.channel(room.channel_name, Cmd.liveStateChanges, { ...who, liveState: state })
  if (open !== (room.live_open ? 1 : 0))
    deps.announce.channel(room.channel_name, Cmd.liveTypeChanged, { ...who, openLive: open })
  deps.announce.channel(room.channel_name, Cmd.converterStateChange, {
    ...who,
    converterState: on ? 1 : 0,
  })
  return updated
}

/**
 * A room that was live or recording has ended (the meeting's end, however it came): the live
 * stream closes and the running recording stops and is saved, whatever its length.
 */
export async function endRoomBroadcasts(deps: Deps, roomId: string): Promise<void> {
  await deps.live.stop(roomId)
  const recordingId = deps.broadcasts.recordingIn(roomId)
  if (!recordingId) return
  await deps.broadcasts.stopRecording(roomId, recordingId)
  await updateRecording(deps.db, recordingId, {
    status: RecordingStatus.convert,
    stopTime: deps.now(),
  })
  await finishCloudRecording(deps, recordingId)
}

/**
 * At start: rooms left live by a previous run (it crashed or restarted) go live again, paused
 * ones paused; their audience's players pick the stream up again.
 */
export async function resumeLives(deps: Deps): Promise<void> {
  if (!deps.live.availability.available) return
  for (const room of await liveRooms(deps.db))
    await deps.live.run(
      room,
      await listLiveStreams(deps.db, room.room_id),
      room.live_state === LiveState.PAUSE ? PAUSED_SLATE : null,
    )
}
