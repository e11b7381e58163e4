import { SERVER_SENDER, type ServerFrame } from '@streams/wire/realtime'
import type { AttributeChange, Bus, BusStatus } from './bus'
import { MEMBER_EVENTS_LIMIT, type Hub, type Session } from './hub'
import type { RelayListener } from './relay'

/** Hears the server's announcements on one channel: each message's cmd and data. */
export type AnnouncementWatcher = (cmd: number, data: unknown) => void

/**
 * The realtime service as every process of a cluster sees it: the hub's members here, and
 * through the bus the members, presence and attributes of all processes. With one process (or
 * while the bus is away) the hub's own state is the answer.
 */
export class SharedHub {
  private readonly watchers = new Map<string, Set<AnnouncementWatcher>>()

  constructor(
    readonly hub: Hub,
    readonly bus: Bus,
  ) {
    if (bus.kind === 'local') return
    hub.relay = bus
    hub.sharedCount = (channel) => bus.count(channel)
    const listener: RelayListener = {
      channelFrame: (channel, json) => {
        hub.channelFrame(channel, json)
        this.heard(channel, json)
      },
      countChanged: (channel) => hub.countChanged(channel),
      removeFromChannel: (uid, channel) => hub.removeFromChannel(uid, channel),
      loggedInElsewhere: (uid) => hub.loggedInElsewhere(uid),
      toUids: (uids, json, channel) => hub.toUids(uids, json, channel),
    }
    bus.attach(listener, () => hub.held())
  }

  /**
   * Hears the announcements the other processes make on a channel, whoever is connected here (in
   * one process the announcer's own tap hears them all); the answer stops.
   */
  watchAnnouncements(channel: string, watcher: AnnouncementWatcher): () => void {
    if (this.bus.kind === 'local') return () => undefined
    const set = this.watchers.get(channel) ?? new Set()
    this.watchers.set(channel, set.add(watcher))
    const unwatch = this.bus.watch(channel)
    return () => {
      unwatch()
      set.delete(watcher)
      if (set.size === 0 && this.watchers.get(channel) === set) this.watchers.delete(channel)
    }
  }

  private heard(channel: string, json: string): void {
    const set = this.watchers.get(channel)
    if (!set || !json.includes(`"from":"${SERVER_SENDER}"`)) return
    try {
      const frame = JSON.parse(json) as ServerFrame
      if (frame.t !== 'channelMessage' || frame.from !== SERVER_SENDER) return
      const message = JSON.parse(frame.text) as { cmd?: unknown; data?: unknown }
      if (typeof message.cmd !== 'number') return
      for (const watcher of set) watcher(message.cmd, message.data)
    } catch {
      // A frame that is not JSON: nothing to hear.
    }
  }

  status(): BusStatus {
    return this.bus.status()
  }

  /** Joins a channel; answers its members (the first 512 in a crowd). */
  async join(session: Session, channel: string): Promise<string[]> {
    const here = this.hub.join(session, channel)
    if (this.bus.kind === 'local') return here
    await this.bus.listening(channel)
    return (await this.bus.members(channel, MEMBER_EVENTS_LIMIT)) ?? here
  }

  async members(channel: string): Promise<string[]> {
    return (await this.bus.members(channel, 0)) ?? this.hub.members(channel)
  }

  async memberCount(channel: string): Promise<number> {
    return (await this.bus.count(channel)) ?? this.hub.memberCount(channel)
  }

  async online(uids: readonly string[]): Promise<Record<string, boolean>> {
    const shared = await this.bus.online(uids)
    return Object.fromEntries(uids.map((u, i) => [u, shared?.[i] ?? this.hub.isOnline(u)]))
  }

  /** Delivers to one peer wherever it is connected; answers whether it was online. */
  async sendToPeer(to: string, from: string, text: string): Promise<boolean> {
    if (this.hub.sendToPeer(to, from, text)) return true
    if (!(await this.bus.online([to]))?.[0]) return false
    // It may have logged in here meanwhile.
    if (this.hub.sendToPeer(to, from, text)) return true
    this.bus.toUids([to], JSON.stringify({ t: 'peerMessage', from, text } satisfies ServerFrame))
    return true
  }

  async attributes(channel: string): Promise<Record<string, string>> {
    return (await this.bus.attributes(channel)) ?? this.hub.getAttributes(channel)
  }

  async updateAttributes(channel: string, change: AttributeChange): Promise<void> {
    const shared = await this.bus.changeAttributes(channel, change)
    if (shared) this.hub.attributesUpdated(channel, shared)
    else this.hub.updateAttributes(channel, change)
  }
}
