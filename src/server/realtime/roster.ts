import { Role } from '@streams/wire/roles'
import type { Db } from '../store/db'
import { presentMemberOfChannel } from '../store/room-members'
import type { RosterWrites } from '../store/roster-writes'
import type { Bus, TopicSubscription } from './bus'

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

/**
 * How long a cached roster entry is trusted at most. Every change is told (below), so this only
 * bounds a change whose word was lost (Redis dropping a message before its outage is noticed).
 */
export const ROSTER_CACHE_MS = 5_000
/** The most entries held (a member who spoke, per channel); past it the cache starts over. */
const ROSTER_CACHE_ENTRIES = 50_000
/** The bus topic on which processes tell each other that the roster changed. */
const ROSTER_TOPIC = 'roster'
const NOTHING = new Uint8Array(0)

/**
 * The roster read once per member and channel instead of once per message (a message's vetting
 * is on the path of every broadcast). Told of every statement that may change what it reads
 * (store/roster-writes.ts `watchRosterWrites`): this process drops what it holds when one starts
 * and when it is done, and tells the other processes (a topic of the bus) when it is done, which
 * drop theirs on hearing it. A read that a change overlapped is not kept. While the bus is away
 * (the other processes' changes go unheard) every read goes to the database, and when it comes
 * back the cache starts over.
 */
export class RosterCache implements RosterWrites {
  private readonly entries = new Map<string, { entry: RosterEntry; at: number }>()
  private generation = 0
  private bus: Pick<Bus, 'topics' | 'status'> | undefined
  private subscription: TopicSubscription | undefined

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = ROSTER_CACHE_MS,
  ) {}

  /** `read` through the cache; the other processes' changes are heard, and told, over `bus`. */
  serve(read: Roster, bus: Pick<Bus, 'topics' | 'status'>): Roster {
    this.bus = bus
    const drop = () => this.drop()
    this.subscription = bus.topics.subscribe(ROSTER_TOPIC, drop, drop)
    // Until the other processes' word reaches here, nothing is kept.
    let listening = false
    void this.subscription.ready.then(() => (listening = true))
    return (channel, uid) => {
      const key = `${channel}\u0000${uid}`
      const trusted = listening && bus.status().connected
      const now = this.now()
      const held = this.entries.get(key)
      if (held && trusted && now - held.at < this.ttlMs) return Promise.resolve(held.entry)
      const generation = this.generation
      return read(channel, uid).then((entry) => {
        if (entry && generation === this.generation && trusted && bus.status().connected) {
          if (this.entries.size >= ROSTER_CACHE_ENTRIES) this.entries.clear()
          this.entries.set(key, { entry, at: now })
        }
        return entry
      })
    }
  }

  /** A statement that may change the roster is sent: what is held may be old by its answer. */
  starting(): void {
    this.drop()
  }

  /** It is done (or its transaction ended): dropped here, and told to the other processes. */
  done(): void {
    this.drop()
    this.bus?.topics.publish(ROSTER_TOPIC, NOTHING)
  }

  close(): void {
    this.subscription?.stop()
  }

  private drop(): void {
    this.generation++
    this.entries.clear()
  }
}
