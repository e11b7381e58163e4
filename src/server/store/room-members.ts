import type { Db } from './db'
import { presentByKey } from './members'

type Queryable = Pick<Db, 'query'>

/** What is asked of or done to all the members of a room at once (store/members.ts: one). */

/** The uids of a room's present members of one role. */
export async function presentUidsOfRole(
  db: Queryable,
  roomId: string,
  role: number,
): Promise<string[]> {
  const { rows } = await db.query<{ uid: string }>(
    'SELECT uid FROM room_members WHERE room_id = $1 AND role = $2 AND left_at IS NULL',
    [roomId, role],
  )
  return rows.map((r) => r.uid)
}

/** No member of the room keeps the board ([BOARD-2]). */
export async function clearBoardGrants(db: Queryable, roomId: string): Promise<void> {
  await db.query('UPDATE room_members SET grant_board = 0 WHERE room_id = $1', [roomId])
}

/** No member of the room keeps screen sharing ([SCREEN-1]). */
export async function clearScreenGrants(db: Queryable, roomId: string): Promise<void> {
  await db.query('UPDATE room_members SET grant_screen = 0 WHERE room_id = $1', [roomId])
}

/** Every present member but those of role `spared` has its audio off ([MUTE-2]). */
export async function muteAllBut(db: Queryable, roomId: string, spared: number): Promise<void> {
  await db.query(
    'UPDATE room_members SET enable_audio = 0 WHERE room_id = $1 AND left_at IS NULL AND role <> $2',
    [roomId, spared],
  )
}

/** Every present member leaves, the meeting having ended. */
export async function endAllMembers(db: Queryable, roomId: string, now: number): Promise<void> {
  await db.query(
    `UPDATE room_members SET left_at = $2, user_state = 0, left_reason = 'meetingEnd'
     WHERE room_id = $1 AND left_at IS NULL`,
    [roomId, now],
  )
}

/**
 * The present member a realtime uid is in the room of a channel (the newest, if the uid came
 * back), with the room's chat mute; undefined when it is none.
 */
export async function presentMemberOfChannel(
  db: Queryable,
  channel: string,
  uid: string,
): Promise<
  | {
      userId: string
      userName: string
      userPhoto: string
      role: number
      enableChat: number
      muteAllChat: number
    }
  | undefined
> {
  const { rows } = await db.query<{
    user_id: string
    user_name: string
    user_photo: string
    role: number
    enable_chat: number
    mute_all_chat: number
  }>(
    `SELECT m.user_id, m.user_name, m.user_photo, m.role, m.enable_chat, r.mute_all_chat
     FROM rooms r JOIN room_members m ON m.room_id = r.room_id
     WHERE r.channel_name = $1 AND m.uid = $2 AND ${presentByKey('m.left_at')}
     ORDER BY m.joined_at DESC LIMIT 1`,
    [channel, uid],
  )
  const row = rows[0]
  return (
    row && {
      userId: row.user_id,
      userName: row.user_name,
      userPhoto: row.user_photo,
      role: Number(row.role),
      enableChat: Number(row.enable_chat),
      muteAllChat: Number(row.mute_all_chat),
    }
  )
}
