import { Role } from '@streams/wire/roles'
import type { Db } from '../store/db'

/** A present member of the room behind a channel, as the server's roster has it. */
export interface RosterEntry {
  readonly userId: string
  readonly userName: string
  readonly userPhoto: string
  readonly isHost: boolean
  /** The member may chat: its own chat flag on, and the room not muted for non-hosts. */
  readonly mayChat: boolean
}

/** Who a realtime uid is in the room of a channel; null when it is no present member of one. */
export type Roster = (channel: string, uid: string) => Promise<RosterEntry | null>

/**
 * The roster of the database: a channel's room (`rooms.channel_name`) and the uid's present
 * member record in it. The realtime service asks it for what a message may not claim itself:
 * the sender's name, whether it may chat, whether it is a host.
 */
export function dbRoster(db: Pick<Db, 'query'>): Roster {
  return async (channel, uid) => {
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
       WHERE r.channel_name = $1 AND m.uid = $2 AND m.left_at IS NULL
       ORDER BY m.joined_at DESC LIMIT 1`,
      [channel, uid],
    )
    const row = rows[0]
    if (!row) return null
    const isHost = Number(row.role) === Role.host
    return {
      userId: row.user_id,
      userName: row.user_name,
      userPhoto: row.user_photo,
      isHost,
      mayChat: Number(row.enable_chat) === 1 && (isHost || Number(row.mute_all_chat) !== 1),
    }
  }
}
