import { Cmd } from '@streams/wire/channel'
import type { Deps } from '../deps'
import { updateRoom, type RoomRow } from '../store/rooms'
import type { Actor } from './announce'

/**
 * The room's recording state, stored and announced (cmd 30: 0 idle, 1 recording, 2 abnormal:
 * the host gets the 'Recording failed' box, [REC-1]).
 */
export async function recordingState(
  deps: Pick<Deps, 'db' | 'announce' | 'now'>,
  room: RoomRow,
  actor: Actor,
  state: 0 | 1 | 2,
): Promise<void> {
  await updateRoom(deps.db, room.room_id, { recordingState: state }, deps.now())
  deps.announce.channel(room.channel_name, Cmd.recordingStateChange, {
    ...actor,
    recordingState: state,
  })
}
