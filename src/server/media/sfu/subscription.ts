import {
  SfuError,
  type SfuServerFrame,
  type SubstreamId,
  type WantedStream,
} from '@streams/wire/sfu'
import { SubscriberHandle, type HandleEvents, type StreamWish } from '../janus/participant'
import { SfuRefusal } from './refusal'
import type { SfuRoom } from './room'

const key = (feed: number, mid: string) => `${feed}:${mid}`

/**
 * What one member receives: one subscriber connection to Janus carrying the streams it wants.
 * A `want` names every stream, whole each time; each must be a stream of a feed of this room
 * (never a guessed id, never another room's), checked before Janus hears of it.
 */
export class Subscription {
  handle: SubscriberHandle | undefined
  readonly generation: number
  private creating: Promise<SubscriberHandle> | undefined
  private readonly layers = new Map<string, SubstreamId>()

  constructor(
    private readonly room: SfuRoom,
    private readonly send: (frame: SfuServerFrame) => void,
    private readonly events: HandleEvents,
  ) {
    this.generation = room.server.link.current.generation
  }

  async want(streams: readonly WantedStream[]): Promise<void> {
    const wanted = new Map<string, WantedStream>()
    for (const stream of streams) {
      const known = this.room.feed(stream.feed)
      if (!known || (known.info.audio !== stream.mid && known.info.video !== stream.mid))
        throw new SfuRefusal(
          SfuError.unknownFeed,
          `no stream ${stream.mid} of feed ${stream.feed} in this room`,
        )
      wanted.set(key(stream.feed, stream.mid), stream)
    }
    const handle = this.handle ?? (await this.create())
    const current = new Map<string, StreamWish>()
    for (const s of handle.streams)
      if (s.active && s.feed !== undefined && s.feedMid !== undefined)
        current.set(key(s.feed, s.feedMid), { feed: s.feed, mid: s.feedMid })
    const add = [...wanted].filter(([k]) => !current.has(k)).map(([, s]) => s)
    const remove = [...current].filter(([k]) => !wanted.has(k)).map(([, s]) => s)
    await handle.update(add, remove)
    for (const [k, s] of wanted) {
      const before = this.layers.get(k)
      if (s.substream === undefined) continue
      this.layers.set(k, s.substream)
      if (current.has(k) && before !== s.substream) await this.layer(s.feed, s.mid, s.substream)
    }
    for (const k of [...this.layers.keys()]) if (!wanted.has(k)) this.layers.delete(k)
  }

  async answer(sdp: string): Promise<void> {
    if (!this.handle) throw new SfuRefusal(SfuError.notJoined, 'nothing was offered to answer')
    await this.handle.answer({ type: 'answer', sdp })
  }

  /** Another simulcast layer for a stream received now. */
  async layer(feed: number, mid: string, substream: SubstreamId): Promise<void> {
    const stream = this.handle?.streams.find(
      (s) => s.active && s.feed === feed && s.feedMid === mid,
    )
    if (!stream || !this.handle)
      throw new SfuRefusal(SfuError.unknownFeed, `stream ${mid} of feed ${feed} is not received`)
    this.layers.set(key(feed, mid), substream)
    await this.handle.layer(stream.mid, substream)
  }

  async restart(): Promise<void> {
    await this.handle?.restart()
  }

  async close(): Promise<void> {
    const handle = this.handle ?? (await this.creating?.catch(() => undefined))
    this.handle = undefined
    await handle?.close()
  }

  /**
   * Attaches the subscriber handle ahead of the first `want` (while the client lays out its
   * tiles), so that want goes straight to Janus's join. A failure is left for the want to meet.
   */
  prepare(): void {
    this.create().catch(() => undefined)
  }

  private create(): Promise<SubscriberHandle> {
    this.creating ??= SubscriberHandle.create(
      this.room.server.link,
      this.room.ref,
      ({ offer, streams }) =>
        this.send({
          t: 'offer',
          sdp: offer.sdp,
          streams: streams.flatMap((s) =>
            s.active && s.type !== 'data' && s.feed !== undefined && s.feedMid !== undefined
              ? [{ mid: s.mid, feed: s.feed, feedMid: s.feedMid, type: s.type }]
              : [],
          ),
        }),
      this.events,
    ).then(
      (handle) => (this.handle = handle),
      (error: unknown) => {
        // Not kept: the next want tries again.
        this.creating = undefined
        throw error
      },
    )
    return this.creating
  }
}
