import Janode, { type Candidate, type Jsep } from 'janode'
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom'
import { REQUEST_TIMEOUT_MS, type JanusLink } from './link'
import { withTimeout } from './probe'
import { dataOf, jsepOf, subscribedOf, type JanusRoomRef, type SubscribedStream } from './protocol'

/** What happens to a participant's connection, as Janus tells it. */
export interface HandleEvents {
  /** The PeerConnection is up (`webrtcup`). */
  up?(): void
  /** The PeerConnection is gone (`hangup`, ICE failed, handle detached). */
  down?(reason: string): void
  /** Janus sees losses (`slowlink`): on what it receives (`uplink`) or sends. */
  slowLink?(uplink: boolean, lost: number): void
}

/** The base of a participant's handle: requests with a timeout, trickle, events, detach. */
abstract class Participant {
  protected closed = false

  protected constructor(
    protected readonly handle: VideoRoomHandle,
    readonly generation: number,
    events: HandleEvents,
  ) {
    handle.on(Janode.EVENT.HANDLE_WEBRTCUP, () => events.up?.())
    handle.on(Janode.EVENT.HANDLE_HANGUP, (data: { reason?: string }) =>
      events.down?.(data?.reason ?? 'hangup'),
    )
    handle.on(Janode.EVENT.HANDLE_ICE_FAILED, () => events.down?.('ice failed'))
    handle.on(Janode.EVENT.HANDLE_DETACHED, () => events.down?.('detached'))
    handle.on(Janode.EVENT.HANDLE_SLOWLINK, (data: { uplink?: boolean; lost?: number }) =>
      events.slowLink?.(data?.uplink === true, data?.lost ?? 0),
    )
  }

  protected request(body: Record<string, unknown>, jsep?: Jsep): Promise<unknown> {
    return withTimeout(
      this.handle.message(body, jsep),
      REQUEST_TIMEOUT_MS,
      `VideoRoom ${String(body.request)}`,
    )
  }

  /** Candidates from the browser; null when its gathering is complete. */
  async trickle(candidates: readonly Candidate[] | null): Promise<void> {
    if (this.closed) return
    if (candidates === null) return this.handle.trickleComplete()
    for (const candidate of candidates) await this.handle.trickle(candidate)
  }

  /** Leaves Janus: the handle and its PeerConnection go. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.handle.removeAllListeners()
    await this.handle.detach().catch(() => undefined)
  }
}

/**
 * A publisher in a room: camera and microphone, or a screen share, on one PeerConnection. The
 * feed id and display are ours (the display names the member: see `display.ts`).
 */
export class PublisherHandle extends Participant {
  private published = false

  static async join(
    link: JanusLink,
    room: JanusRoomRef,
    feed: number,
    display: string,
    events: HandleEvents = {},
  ): Promise<PublisherHandle> {
    const { handle, generation } = await link.attach()
    const publisher = new PublisherHandle(handle, generation, events)
    try {
      await publisher.request({
        request: 'join',
        ptype: 'publisher',
        room: room.id,
        id: feed,
        display,
      })
    } catch (error) {
      await publisher.close()
      throw error
    }
    return publisher
  }

  /**
   * Publishes an offer (first `publish`, then `configure` for a renegotiation or an ICE
   * restart) and answers Janus's SDP answer.
   */
  async offer(offer: Jsep, descriptions: readonly { mid: string; description: string }[] = []) {
    const request = this.published ? 'configure' : 'publish'
    const reply = await this.request(
      { request, ...(descriptions.length ? { descriptions } : {}) },
      offer,
    )
    const answer = jsepOf(reply)
    if (!answer || answer.type !== 'answer') throw new Error('Janus answered no SDP answer')
    this.published = true
    return answer
  }

  async unpublish(): Promise<void> {
    if (!this.published) return
    this.published = false
    await this.request({ request: 'unpublish' }).catch(() => undefined)
  }
}

/** A stream to receive: a publisher's feed and mid, and the simulcast layer to start on. */
export interface StreamWish {
  readonly feed: number
  readonly mid: string
  readonly substream?: 0 | 1 | 2
}

/** An offer from Janus for the subscription, with the streams it now carries. */
export interface SubscriberOffer {
  readonly offer: Jsep
  readonly streams: readonly SubscribedStream[]
}

/**
 * A subscription: one PeerConnection receiving any streams of any publishers of the room. Janus
 * makes the offers (first, after every change, after a publisher leaves, for an ICE restart);
 * `onOffer` gets each one, and `answer` completes it.
 */
export class SubscriberHandle extends Participant {
  private joined = false
  private awaitingAnswer = false
  private restartPending = false
  private streamList: readonly SubscribedStream[] = []

  static async create(
    link: JanusLink,
    room: JanusRoomRef,
    onOffer: (offer: SubscriberOffer) => void,
    events: HandleEvents = {},
  ): Promise<SubscriberHandle> {
    const { handle, generation } = await link.attach()
    return new SubscriberHandle(handle, generation, room, onOffer, events)
  }

  private constructor(
    handle: VideoRoomHandle,
    generation: number,
    private readonly room: JanusRoomRef,
    private readonly onOffer: (offer: SubscriberOffer) => void,
    events: HandleEvents,
  ) {
    super(handle, generation, events)
    // Offers Janus makes by itself: a subscribed publisher left, or a postponed update.
    handle.on(VideoRoomPlugin.EVENT.VIDEOROOM_UPDATED, (data: { streams?: unknown; jsep?: Jsep }) =>
      this.received(data.jsep, data.streams),
    )
  }

  /** The streams the subscription carries now (Janus's last word). */
  get streams(): readonly SubscribedStream[] {
    return this.streamList
  }

  /** Adds and removes streams; the new offer comes through `onOffer`. */
  async update(add: readonly StreamWish[], remove: readonly StreamWish[]): Promise<void> {
    if (this.closed || (add.length === 0 && remove.length === 0)) return
    const subscribe = add.map((s) => ({
      feed: s.feed,
      mid: s.mid,
      ...(s.substream !== undefined ? { substream: s.substream } : {}),
    }))
    if (!this.joined) {
      if (subscribe.length === 0) return
      const reply = await this.request({
        request: 'join',
        ptype: 'subscriber',
        room: this.room.id,
        streams: subscribe,
        use_msid: false,
        autoupdate: true,
      })
      this.joined = true
      return this.received(jsepOf(reply), dataOf(reply).streams)
    }
    const reply = await this.request({
      request: 'update',
      ...(subscribe.length ? { subscribe } : {}),
      ...(remove.length ? { unsubscribe: remove.map((s) => ({ feed: s.feed, mid: s.mid })) } : {}),
    })
    // 'updating': Janus will offer once the previous offer is answered.
    this.received(jsepOf(reply), dataOf(reply).streams)
  }

  /** The browser's answer to the last offer. */
  async answer(answer: Jsep): Promise<void> {
    await this.request({ request: 'start' }, answer)
    this.awaitingAnswer = false
    if (this.restartPending) {
      this.restartPending = false
      await this.restart()
    }
  }

  /** Picks a simulcast layer (0 low … 2 high) for one stream of the subscription (its own mid). */
  async layer(subMid: string, substream: 0 | 1 | 2): Promise<void> {
    if (!this.joined) return
    await this.request({ request: 'configure', streams: [{ mid: subMid, substream }] })
  }

  /** Asks Janus for an ICE-restart offer (after the pending offer is answered, if one is). */
  async restart(): Promise<void> {
    if (!this.joined) return
    if (this.awaitingAnswer) {
      this.restartPending = true
      return
    }
    const reply = await this.request({ request: 'configure', restart: true })
    this.received(jsepOf(reply), undefined)
  }

  private received(offer: Jsep | undefined, streams: unknown): void {
    if (streams !== undefined) this.streamList = subscribedOf(streams)
    if (!offer || this.closed) return
    this.awaitingAnswer = true
    this.onOffer({ offer, streams: this.streamList })
  }
}
