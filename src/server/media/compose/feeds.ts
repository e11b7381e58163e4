import { ownerOf, type FeedOwner } from '../janus/display'
import { RoomMonitor } from '../janus/monitor'
import type { JanusPublisher, JanusRoomRef } from '../janus/protocol'
import type { JanusServer } from '../plane'
import type { FfmpegInstall, FfmpegLog } from './ffmpeg'
import { AudioInput } from './inputs'
import { freeRtpPort, KeyframeRequester, RtpCodec } from './rtp'
import { VideoInput } from './video-input'

/** A publication our composition receives: its decoders, and who it belongs to. */
export interface Feed {
  readonly feed: number
  readonly owner: FeedOwner
  video?: VideoInput
  audio?: AudioInput
  /** Janus's forwarders of this feed to us (stopped when we no longer want them). */
  readonly forwarders: number[]
}

export interface FeedsDeps {
  readonly ffmpeg: FfmpegInstall
  readonly server: JanusServer
  readonly ref: JanusRoomRef
  /** SFU_PUBLISHERS, for a room this creates in Janus. */
  readonly publishers: number
  readonly log: FfmpegLog & { info(message: string): void }
  /** Decoded samples of a feed's microphone, for the mix (`gone` when the feed left). */
  samples(key: string, pcm: Int16Array | 'gone'): void
  /** The feeds changed (one came, went, or gained a stream). */
  changed(): void
}

const RETRY_MS = 2000

/**
 * The room's publications as our composition receives them: a monitor in the Janus room tells
 * who publishes; for each of their streams Janus forwards plain RTP (a simulcast camera as one
 * stream, its best layer) to a decoder of ours on a loopback port, with an RTCP port through
 * which a decoder that (re)starts asks for a key frame. When Janus restarts, all is set up again.
 */
export class RoomFeeds {
  readonly feeds = new Map<number, Feed>()
  private monitor: RoomMonitor | undefined
  private readonly keyframes = new KeyframeRequester()
  private closed = false
  private retry: ReturnType<typeof setTimeout> | undefined
  private syncing: Promise<void> = Promise.resolve()

  constructor(private readonly deps: FeedsDeps) {}

  async open(): Promise<void> {
    if (this.closed) return
    const { server, ref, publishers, log } = this.deps
    try {
      await server.rooms.ensure(ref, { publishers })
      this.monitor = await RoomMonitor.open(server.link, ref, {
        publishers: (list) => this.sync(list),
        talking: () => undefined,
        gone: (reason) => {
          log.warn(`composition lost the media room (${reason}); joining it again`)
          this.monitor = undefined
          void this.reset().then(() => this.later())
        },
      })
      this.sync(this.monitor.publishers)
    } catch (error) {
      log.warn(`composition cannot join the media room: ${(error as Error).message}`)
      this.later()
    }
  }

  private later(): void {
    if (this.closed || this.retry) return
    this.retry = setTimeout(() => {
      this.retry = undefined
      void this.open()
    }, RETRY_MS)
  }

  private sync(list: readonly JanusPublisher[]): void {
    this.syncing = this.syncing
      .then(() => this.apply(list))
      .catch((error: Error) => this.deps.log.warn(`composition feeds: ${error.message}`))
  }

  private async apply(list: readonly JanusPublisher[]): Promise<void> {
    if (this.closed) return
    const present = new Set<number>()
    let changed = false
    for (const publisher of list) {
      const owner = ownerOf(publisher.display)
      if (!owner) continue
      present.add(publisher.feed)
      let feed = this.feeds.get(publisher.feed)
      if (!feed) {
        feed = { feed: publisher.feed, owner, forwarders: [] }
        this.feeds.set(publisher.feed, feed)
        changed = true
      }
      changed = (await this.receive(feed, publisher)) || changed
    }
    for (const [id, feed] of this.feeds)
      if (!present.has(id)) {
        this.feeds.delete(id)
        await this.drop(feed, false)
        changed = true
      }
    if (changed) this.deps.changed()
  }

  /** Sets up what the publication sends and we do not receive yet; true when something new. */
  private async receive(feed: Feed, publisher: JanusPublisher): Promise<boolean> {
    const { ffmpeg, server, ref, log } = this.deps
    const streams = publisher.streams.filter((s) => !s.disabled)
    const video = streams.find((s) => s.type === 'video' && s.codec !== 'h264')
    const audio = streams.find((s) => s.type === 'audio')
    const name = `${feed.owner.source} of ${feed.owner.uid}`
    let added = false
    if (video && !feed.video) {
      const port = await freeRtpPort()
      const [forwarder] = await server.rooms.forward(ref, feed.feed, '127.0.0.1', [
        {
          mid: video.mid,
          port,
          rtcpPort: port + 1,
          pt: RtpCodec.vp8.pt,
          simulcast: video.simulcast,
        },
      ])
      const input = new VideoInput(
        ffmpeg,
        port,
        feed.owner.source === 'screen' ? 'contain' : 'cover',
        log,
        name,
      )
      if (forwarder) feed.forwarders.push(forwarder.streamId)
      const rtcp = forwarder?.localRtcpPort
      if (rtcp) input.onKeyframe = () => void this.keyframes.request(rtcp)
      feed.video = input
      added = true
    }
    if (audio && !feed.audio) {
      const port = await freeRtpPort()
      const [forwarder] = await server.rooms.forward(ref, feed.feed, '127.0.0.1', [
        { mid: audio.mid, port, pt: RtpCodec.opus.pt },
      ])
      if (forwarder) feed.forwarders.push(forwarder.streamId)
      const key = `${feed.feed}`
      feed.audio = new AudioInput(ffmpeg, port, log, name, (pcm) => this.deps.samples(key, pcm))
      added = true
    }
    return added
  }

  /** The camera feed of a member, or the screen share shown under a member's uid. */
  find(uid: string, source: 'camera' | 'screen'): Feed | undefined {
    for (const feed of this.feeds.values())
      if (feed.owner.uid === uid && feed.owner.source === source) return feed
    return undefined
  }

  /** Stops a feed's decoders (and its forwarders in Janus, when the publisher is still there). */
  private async drop(feed: Feed, forwarders: boolean): Promise<void> {
    this.deps.samples(`${feed.feed}`, 'gone')
    await Promise.all([feed.video?.close(), feed.audio?.close()])
    if (!forwarders) return
    for (const id of feed.forwarders)
      await this.deps.server.rooms.stopForward(this.deps.ref, feed.feed, id).catch(() => undefined)
  }

  /** Forgets every feed (the composition ends, or Janus went away and took them). */
  private async reset(forwarders = false): Promise<void> {
    const feeds = [...this.feeds.values()]
    this.feeds.clear()
    await Promise.all(feeds.map((f) => this.drop(f, forwarders)))
    this.deps.changed()
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.retry) clearTimeout(this.retry)
    await this.syncing
    await this.monitor?.close()
    this.monitor = undefined
    await this.reset(true)
    this.keyframes.close()
  }
}
