import type { RtcEvent } from '@streams/events'
import type { FeedInfo, OfferedStream, SubstreamId, WantedStream } from '@streams/wire/sfu'
import type { AudioSink } from '../webrtc/view'
import { FeedRoster } from './feeds'
import { Receiver } from './receiver'
import type { SfuSignalling } from './signalling'
import type { ShownTiles } from './tiles'

export interface ReceivingHost {
  emit(event: RtcEvent): void
  /** A tile's video can now be shown, or not, or its track changed. */
  refreshVideo(tile: string): void
  iceState(state: RTCIceConnectionState): void
  /** The highest simulcast layer to ask for now (lower while my downlink is slow). */
  layerCap(): SubstreamId
}

/**
 * What I receive through the SFU: every microphone in the room, and the video of exactly the
 * tiles the layout shows now (the UI's attached containers), each at the simulcast layer its
 * size needs (`layerFor`); the core's own subscriptions add to them. The wanted list is sent
 * again whenever the feeds, the shown tiles or their sizes change.
 */
export class SfuReceiving {
  readonly roster: FeedRoster
  readonly receiver: Receiver
  private readonly subscribed = new Map<string, SubstreamId>()
  private readonly playing = new Map<string, MediaStreamTrack>()
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    me: string,
    signalling: SfuSignalling,
    iceServers: RTCIceServer[],
    private readonly audio: AudioSink,
    private readonly tiles: ShownTiles,
    private readonly host: ReceivingHost,
  ) {
    this.roster = new FeedRoster(me)
    this.receiver = new Receiver(signalling, iceServers, {
      changed: () => this.received(),
      failed: (message) =>
        host.emit({ type: 'rtc/exceptionRaised', code: 'SFU_SUBSCRIBE', message }),
      iceState: (state) => host.iceState(state),
    })
    tiles.onChange(() => this.rewant())
  }

  /** The room's feeds, as the server lists them. */
  feeds(list: readonly FeedInfo[]): void {
    const before = this.roster.tileUids()
    for (const event of this.roster.update(list)) this.host.emit(event)
    for (const tile of new Set([...before, ...this.roster.tileUids()])) this.host.refreshVideo(tile)
    this.rewant()
  }

  offer(sdp: string, streams: readonly OfferedStream[]): void {
    this.receiver.offer(sdp, streams)
  }

  /** The core asks for a stream at a quality (added to what the layout shows). */
  subscribe(tile: string, quality: 'high' | 'low'): void {
    this.subscribed.set(tile, quality === 'low' ? 0 : 2)
    this.rewant()
  }

  unsubscribe(tile: string): void {
    if (this.subscribed.delete(tile)) this.rewant()
  }

  videoTrack(tile: string): MediaStreamTrack | undefined {
    const feed = this.roster.feedOf(tile)
    return feed?.video === undefined ? undefined : this.receiver.track(feed.feed, feed.video)
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer)
    this.tiles.onChange(undefined)
    this.receiver.close()
    this.roster.clear()
    this.audio.clear()
    this.playing.clear()
  }

  /** The wanted list, a moment after the last change (sizes change in bursts while laying out). */
  rewant(): void {
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.receiver.want(this.wanted())
    }, 30)
  }

  /**
   * Every microphone, and each shown (or subscribed) tile's video at the layer it needs, at most
   * the cap a slow downlink sets.
   */
  wanted(): WantedStream[] {
    const layers = this.tiles.layers()
    const cap = this.host.layerCap()
    for (const [tile, layer] of this.subscribed)
      layers.set(tile, Math.max(layers.get(tile) ?? 0, layer) as SubstreamId)
    const streams: WantedStream[] = []
    for (const feed of this.roster.feeds()) {
      if (feed.audio !== undefined) streams.push({ feed: feed.feed, mid: feed.audio })
      const layer = layers.get(feed.tile)
      if (feed.video === undefined || layer === undefined) continue
      streams.push({
        feed: feed.feed,
        mid: feed.video,
        ...(feed.simulcast ? { substream: Math.min(layer, cap) as SubstreamId } : {}),
      })
    }
    return streams
  }

  /** An answered offer: the microphones to play and the videos to show may have changed. */
  private received(): void {
    const now = new Map<string, MediaStreamTrack>()
    for (const feed of this.roster.feeds()) {
      if (feed.audio === undefined) continue
      const track = this.receiver.track(feed.feed, feed.audio)
      if (track) now.set(feed.tile, track)
    }
    for (const [tile, track] of now)
      if (this.playing.get(tile) !== track) this.audio.play(tile, track)
    for (const tile of this.playing.keys()) if (!now.has(tile)) this.audio.stop(tile)
    this.playing.clear()
    for (const [tile, track] of now) this.playing.set(tile, track)
    for (const tile of this.roster.tileUids()) this.host.refreshVideo(tile)
  }
}
