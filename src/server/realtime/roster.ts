import { Role } from '@streams/wire/roles'
import type { Db } from '../store/db'
import { presentMemberOfChannel } from '../store/room-members'

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
    const row = await presentMemberOfChannel(db, channel, uid)
    if (!row) return null
    const isHost = row.role === Role.host
    return {
      userId: row.userId,
      userName: row.userName,
      userPhoto: row.userPhoto,
      isHost,
      mayChat: row.enableChat === 1 && (isHost || row.muteAllChat !== 1),
    }
  }
}
