import { randomInt } from 'node:crypto'
import Janode from 'janode'
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom'
import { REQUEST_TIMEOUT_MS, type JanusLink } from './link'
import { MONITOR_DISPLAY } from './display'
import { withTimeout } from './probe'
import { dataOf, publisherOf, type JanusPublisher, type JanusRoomRef } from './protocol'

export interface MonitorEvents {
  /** The room's publishers changed (the whole list). */
  publishers(list: readonly JanusPublisher[]): void
  /** A publisher's audio went above or below the talking threshold (VideoRoom audio levels). */
  talking(feed: number, talking: boolean): void
  /** The monitor is gone: the room was destroyed or the link dropped. */
  gone(reason: string): void
}

/** A feed id no browser can guess: random below 2^48 (exact in a JavaScript number). */
export const newFeedId = (): number => randomInt(1, 2 ** 48 - 1)

/**
 * Our server's eyes in one room: a participant that never publishes, so Janus tells it every
 * publisher that comes and goes and who talks. Which feeds exist in a room is what this says,
 * whichever process of ours joined them: a feed id a browser names is checked against it.
 */
export class RoomMonitor {
  private readonly feeds = new Map<number, JanusPublisher>()
  private closed = false

  static async open(link: JanusLink, room: JanusRoomRef, events: MonitorEvents) {
    const { handle, generation } = await link.attach()
    const monitor = new RoomMonitor(handle, generation, events)
    try {
      const reply = await withTimeout(
        handle.message({
          request: 'join',
          ptype: 'publisher',
          room: room.id,
          id: newFeedId(),
          display: MONITOR_DISPLAY,
        }),
        REQUEST_TIMEOUT_MS,
        'VideoRoom join (monitor)',
      )
      const list = dataOf(reply).publishers
      monitor.upsert(Array.isArray(list) ? list : [])
    } catch (error) {
      await monitor.close()
      throw error
    }
    return monitor
  }

  private constructor(
    private readonly handle: VideoRoomHandle,
    readonly generation: number,
    private readonly events: MonitorEvents,
  ) {
    const E = VideoRoomPlugin.EVENT
    handle.on(E.VIDEOROOM_PUB_LIST, (data: { publishers?: unknown[] }) =>
      this.upsert(data.publishers ?? []),
    )
    const remove = (data: { feed?: unknown }) => {
      if (typeof data.feed === 'number' && this.feeds.delete(data.feed)) this.changed()
    }
    handle.on(E.VIDEOROOM_UNPUBLISHED, remove)
    handle.on(E.VIDEOROOM_LEAVING, remove)
    handle.on(E.VIDEOROOM_KICKED, remove)
    handle.on(E.VIDEOROOM_TALKING, (data: { feed?: unknown; talking?: unknown }) => {
      if (typeof data.feed === 'number' && this.feeds.has(data.feed))
        events.talking(data.feed, data.talking === true)
    })
    handle.on(E.VIDEOROOM_DESTROYED, () => this.lost('room destroyed'))
    handle.on(Janode.EVENT.HANDLE_DETACHED, () => this.lost('detached'))
  }

  /** The room's publishers now. */
  get publishers(): readonly JanusPublisher[] {
    return [...this.feeds.values()]
  }

  publisher(feed: number): JanusPublisher | undefined {
    return this.feeds.get(feed)
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.handle.removeAllListeners()
    await this.handle.detach().catch(() => undefined)
  }

  private upsert(entries: readonly unknown[]): void {
    let changed = false
    for (const entry of entries) {
      const publisher = publisherOf(entry)
      if (!publisher || publisher.display === MONITOR_DISPLAY) continue
      this.feeds.set(publisher.feed, publisher)
      changed = true
    }
    if (changed) this.changed()
  }

  private changed(): void {
    if (!this.closed) this.events.publishers(this.publishers)
  }

  private lost(reason: string): void {
    if (this.closed) return
    this.closed = true
    this.handle.removeAllListeners()
    this.events.gone(reason)
  }
}
