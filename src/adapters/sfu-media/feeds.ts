import type { RtcEvent } from '@streams/events'
import type { FeedInfo } from '@streams/wire/sfu'

/** What a tile (a member's camera, or a screen share) publishes through the SFU. */
interface TilePublication {
  readonly feed: FeedInfo
  readonly audio: boolean
  readonly video: boolean
}

/**
 * The room's publications as the SFU lists them (`feeds`), by tile uid, and the events each new
 * list means, in the order Agora's SDK reports them: a tile that appears joins, then publishes;
 * a screen share is a user of its own that leaves when the share stops; a member who stops
 * publishing stays (it is still in the room) with nothing published. My own feeds are left out.
 */
export class FeedRoster {
  private readonly tiles = new Map<string, TilePublication>()

  constructor(private readonly me: string) {}

  /** The publication under a tile uid. */
  feedOf(tile: string): FeedInfo | undefined {
    return this.tiles.get(tile)?.feed
  }

  /** The tile a feed is shown under. */
  tileOfFeed(feed: number): string | undefined {
    for (const [tile, pub] of this.tiles) if (pub.feed.feed === feed) return tile
    return undefined
  }

  /** Whether the tile's video can be shown (it is published). */
  hasVideo(tile: string): boolean {
    return this.tiles.get(tile)?.video ?? false
  }

  tileUids(): string[] {
    return [...this.tiles.keys()]
  }

  feeds(): FeedInfo[] {
    return [...this.tiles.values()].map((t) => t.feed)
  }

  /** A new list of the room's feeds: the events of the difference. */
  update(feeds: readonly FeedInfo[]): RtcEvent[] {
    const next = new Map<string, TilePublication>()
    for (const feed of feeds) {
      if (feed.uid === this.me) continue
      next.set(feed.tile, {
        feed,
        audio: feed.source === 'camera' && feed.audio !== undefined,
        video: feed.video !== undefined,
      })
    }
    const events: RtcEvent[] = []
    for (const [tile, before] of this.tiles) {
      if (next.has(tile)) continue
      if (before.audio) events.push({ type: 'rtc/userUnpublished', uid: tile, kind: 'audio' })
      if (before.video) events.push({ type: 'rtc/userUnpublished', uid: tile, kind: 'video' })
      if (before.feed.source === 'screen')
        events.push({ type: 'rtc/userLeft', uid: tile, reason: 'Quit' })
    }
    for (const [tile, now] of next) {
      const before = this.tiles.get(tile)
      if (!before) events.push({ type: 'rtc/userJoined', uid: tile })
      for (const kind of ['audio', 'video'] as const) {
        const was = before?.[kind] ?? false
        if (now[kind] && !was) events.push({ type: 'rtc/userPublished', uid: tile, kind })
        if (!now[kind] && was) events.push({ type: 'rtc/userUnpublished', uid: tile, kind })
      }
    }
    this.tiles.clear()
    for (const [tile, pub] of next) this.tiles.set(tile, pub)
    return events
  }

  /** I left the session: everyone goes, without events (as with Agora's leave). */
  clear(): void {
    this.tiles.clear()
  }
}
