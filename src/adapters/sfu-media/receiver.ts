import type { OfferedStream, SubstreamId, WantedStream } from '@streams/wire/sfu'
import { CandidateBatcher } from '../webrtc/ice'
import type { LinkSample } from '../webrtc/quality'
import { sampleReceiveStats, type Counters } from '../webrtc/stats'
import type { SfuRequest, SfuSignalling } from './signalling'

const keyOf = (s: { feed: number; mid: string }) => `${s.feed}:${s.mid}`

/** What the receiver tells the adapter. */
export interface ReceiverEvents {
  /** The streams carried changed (an offer was answered): tracks may have come or gone. */
  changed(): void
  /** A request failed (reported, never thrown at the caller). */
  failed(message: string): void
  /** The connection's ICE state: `failed` calls for a restart. */
  iceState(state: RTCIceConnectionState): void
}

/**
 * What I receive through the SFU: one RTCPeerConnection answering the server's offers, carrying
 * the streams I want (whole lists, sent only when they change), each video at its simulcast
 * layer. Janus offers; I answer.
 */
export class Receiver {
  private pc: RTCPeerConnection | undefined
  private offered: readonly OfferedStream[] = []
  private wantedKey = ''
  private readonly layers = new Map<string, SubstreamId>()
  private queue: Promise<unknown> = Promise.resolve()
  private readonly batcher: CandidateBatcher
  private counters = new Map<string, Counters | undefined>()
  private closed = false

  constructor(
    private readonly signalling: SfuSignalling,
    private readonly iceServers: RTCIceServer[],
    private readonly events: ReceiverEvents,
  ) {
    this.batcher = new CandidateBatcher((candidates) =>
      this.step(() => this.ask({ t: 'trickle', pc: 'sub', candidates })),
    )
  }

  /**
   * Everything to receive now. A list equal to the last is not sent again; a stream already
   * received at another layer changes layer only.
   */
  want(streams: readonly WantedStream[]): void {
    const sorted = [...streams].sort((a, b) => keyOf(a).localeCompare(keyOf(b)))
    const key = sorted.map(keyOf).join(',')
    if (key !== this.wantedKey) {
      this.wantedKey = key
      for (const s of sorted) if (s.substream !== undefined) this.layers.set(keyOf(s), s.substream)
      for (const k of [...this.layers.keys()])
        if (!sorted.some((s) => keyOf(s) === k)) this.layers.delete(k)
      this.step(() => this.ask({ t: 'want', streams: sorted }))
      return
    }
    for (const s of sorted) {
      if (s.substream === undefined || this.layers.get(keyOf(s)) === s.substream) continue
      this.layers.set(keyOf(s), s.substream)
      const { feed, mid, substream } = s
      this.step(() => this.ask({ t: 'layer', feed, mid, substream }))
    }
  }

  /** The server's offer of what I receive: answered in order with the other requests. */
  offer(sdp: string, streams: readonly OfferedStream[]): void {
    this.step(async () => {
      const pc = this.connection()
      await pc.setRemoteDescription({ type: 'offer', sdp })
      const answer = await pc.createAnswer()
      await pc.setLocalDescription(answer)
      this.offered = streams
      this.events.changed()
      this.ask({ t: 'answer', sdp: answer.sdp ?? '' })
    })
  }

  /** The track of a publisher's stream (its feed and its own mid), when it is received. */
  track(feed: number, feedMid: string): MediaStreamTrack | undefined {
    const stream = this.offered.find((s) => s.feed === feed && s.feedMid === feedMid)
    if (!stream || !this.pc) return undefined
    const transceiver = this.pc.getTransceivers().find((t) => t.mid === stream.mid)
    return transceiver?.receiver.track
  }

  /** The streams received now. */
  get streams(): readonly OfferedStream[] {
    return this.offered
  }

  /** How a feed's streams reach me over the last interval (loss, jitter, the path's RTT). */
  async sample(feed: number): Promise<LinkSample | undefined> {
    const pc = this.pc
    const mids = new Set(this.offered.filter((s) => s.feed === feed).map((s) => s.mid))
    if (!pc || mids.size === 0) return undefined
    const receivers = pc.getTransceivers().filter((t) => t.mid !== null && mids.has(t.mid))
    let worst: LinkSample | undefined
    for (const transceiver of receivers) {
      const key = `${feed}:${transceiver.mid}`
      const { sample, counters } = await sampleReceiveStats(
        statsOf(pc, transceiver.receiver),
        this.counters.get(key),
      )
      this.counters.set(key, counters)
      if (sample && (!worst || sample.loss > worst.loss)) worst = sample
    }
    return worst
  }

  /** ICE restart: the server asks Janus for a restart offer, which comes as any offer. */
  restart(): void {
    this.step(() => this.ask({ t: 'restart' }))
  }

  get connectionState(): RTCPeerConnectionState | undefined {
    return this.pc?.connectionState
  }

  close(): void {
    this.closed = true
    this.batcher.close()
    this.pc?.close()
    this.pc = undefined
    this.offered = []
  }

  private connection(): RTCPeerConnection {
    if (this.pc) return this.pc
    const pc = new RTCPeerConnection({ iceServers: this.iceServers, bundlePolicy: 'max-bundle' })
    pc.addEventListener('icecandidate', (e) => this.batcher.add(e.candidate))
    pc.addEventListener('iceconnectionstatechange', () =>
      this.events.iceState(pc.iceConnectionState),
    )
    pc.addEventListener('track', () => this.events.changed())
    this.pc = pc
    return pc
  }

  /**
   * Runs a step after the steps before it (the connection's offers and answers happen in order).
   * A request a step sends is not waited for: the server answers requests in the order they come,
   * so the next step (a candidate, another want) goes out without a round trip in between.
   */
  private step(run: () => Promise<unknown> | void): void {
    this.queue = this.queue
      .then(() => (this.closed ? undefined : run()))
      .catch((error: Error) => this.report(error))
  }

  /** Sends a request; a refusal is reported, never thrown. */
  private ask(frame: SfuRequest): void {
    this.signalling.request(frame).catch((error: Error) => this.report(error))
  }

  private report(error: Error): void {
    if (!this.closed) this.events.failed(error.message)
  }
}

/** getStats of one receiver, in the shape `sampleReceiveStats` reads (a connection's). */
function statsOf(pc: RTCPeerConnection, receiver: RTCRtpReceiver): RTCPeerConnection {
  return {
    getStats: () => receiver.getStats(),
    get connectionState() {
      return pc.connectionState
    },
  } as RTCPeerConnection
}
