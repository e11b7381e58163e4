import type { ServerFrame } from '@streams/wire/realtime'
import type { AttributeChange, Bus, BusStatus } from './bus'
import { MEMBER_EVENTS_LIMIT, type Hub, type Session } from './hub'

/**
 * The realtime service as every process of a cluster sees it: the hub's members here, and
 * through the bus the members, presence and attributes of all processes. With one process (or
 * while the bus is away) the hub's own state is the answer.
 */
export class SharedHub {
  constructor(
    readonly hub: Hub,
    readonly bus: Bus,
  ) {
    if (bus.kind === 'local') return
    hub.relay = bus
    hub.sharedCount = (channel) => bus.count(channel)
    bus.attach(hub, () => hub.held())
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
