import { Cmd, type ChannelData } from '@streams/wire/channel'
import type { Member } from '@streams/wire/member'
import { Role } from '@streams/wire/roles'
import type { Db } from '../store/db'
import { presentUidsOfRole } from '../store/room-members'
import type { Announcer } from './announce'

/** Above this many present members a room is a crowd (Agora RTM's member-event limit). */
export const CROWD_THRESHOLD = 512
/** A crowd's arrivals are told at most this often. */
export const CROWD_BATCH_MS = 1000

interface Pending {
  readonly roomId: string
  readonly arrivals: Map<string, ChannelData<typeof Cmd.memberChanged>>
  readonly timer: ReturnType<typeof setTimeout>
}

/**
 * Arrivals in a crowd, as Agora does above 512 members: announcing every entrant to every member
 * makes admission grow with the square of the room (10,000 entrants would be 50 million
 * deliveries). Up to the threshold, and for a host or a member arriving with a microphone or a
 * camera on, an arrival is announced on the channel at once (cmd 2). Above it, ordinary arrivals
 * are gathered and told once a second to the room's hosts only (who moderate: their member list
 * stays whole); everyone else keeps the first page of the list from entry, every host and
 * publisher, every departure, and the count (memberCountUpdated, at most once a second).
 */
export class CrowdArrivals {
  private readonly pending = new Map<string, Pending>()

  constructor(
    private readonly deps: {
      readonly db: Pick<Db, 'query'>
      readonly announce: Announcer
      readonly log: { warn(message: string): void }
    },
  ) {}

  /** A member entered; `present` is how many were present with it, counted up to the threshold. */
  arrived(room: { room_id: string; channel_name: string }, member: Member, present: number): void {
    const data = memberData(member, 'join')
    const everyone =
      present <= CROWD_THRESHOLD ||
      member.role === Role.host ||
      member.enableAudio === 1 ||
      member.enableVideo === 1
    if (everyone) {
      this.deps.announce.channel(room.channel_name, Cmd.memberChanged, data)
      return
    }
    let batch = this.pending.get(room.channel_name)
    if (!batch) {
      const timer = setTimeout(() => void this.flush(room.channel_name), CROWD_BATCH_MS)
      timer.unref?.()
      batch = { roomId: room.room_id, arrivals: new Map(), timer }
      this.pending.set(room.channel_name, batch)
    }
    batch.arrivals.set(member.uid, data)
  }

  /** A member left: an arrival not yet told is never told after its departure. */
  forget(channel: string, uid: string): void {
    this.pending.get(channel)?.arrivals.delete(uid)
  }

  /** Tells what is pending now (also on close). */
  async flushAll(): Promise<void> {
    await Promise.all([...this.pending.keys()].map((channel) => this.flush(channel)))
  }

  close(): void {
    for (const batch of this.pending.values()) clearTimeout(batch.timer)
    this.pending.clear()
  }

  private async flush(channel: string): Promise<void> {
    const batch = this.pending.get(channel)
    if (!batch) return
    this.pending.delete(channel)
    clearTimeout(batch.timer)
    if (batch.arrivals.size === 0) return
    try {
      const hosts = await presentUidsOfRole(this.deps.db, batch.roomId, Role.host)
      if (hosts.length === 0) return
      for (const data of batch.arrivals.values())
        this.deps.announce.channelTo(hosts, channel, Cmd.memberChanged, data)
    } catch (error) {
      this.deps.log.warn(`telling a crowd's arrivals to its hosts: ${(error as Error).message}`)
    }
  }
}

/** The data of a cmd 2 announcement. */
export function memberData(
  member: Member,
  type: 'join' | 'leave' | 'update',
  reason?: 'leave' | 'kickUserBy' | 'serverTimeOut',
): ChannelData<typeof Cmd.memberChanged> {
  return {
    userId: member.userId,
    userName: member.userName,
    type,
    member,
    ...(reason ? { reason } : {}),
  }
}
