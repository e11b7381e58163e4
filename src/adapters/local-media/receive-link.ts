import type { SignalOf } from '@streams/wire/media-signal'
import { addCandidates, CandidateBatcher } from '../webrtc/ice'
import type { LinkSample } from '../webrtc/quality'
import type { Source } from './roster'
import type { SignalBody } from './signal-codec'
import { sampleReceiveStats } from '../webrtc/stats'

/**
 * One publisher-to-watcher connection, seen from the watcher: it answers the publisher's offers
 * and reports each arriving track by the source the offer names for its transceiver.
 */
export class ReceiveLink {
  private readonly pc: RTCPeerConnection
  private readonly batcher: CandidateBatcher
  private sources: Record<string, Source> = {}
  private closed = false
  private previous: Parameters<typeof sampleReceiveStats>[1]
  readonly tracks = new Map<Source, MediaStreamTrack>()

  constructor(
    readonly id: string,
    iceServers: RTCIceServer[],
    private readonly send: (body: SignalBody) => void,
    private readonly onTrack: (source: Source, track: MediaStreamTrack) => void,
  ) {
    this.pc = new RTCPeerConnection({ iceServers, bundlePolicy: 'max-bundle' })
    this.batcher = new CandidateBatcher((candidates) =>
      this.send({ t: 'ice', link: this.id, side: 'sub', candidates }),
    )
    this.pc.onicecandidate = (e) => this.batcher.add(e.candidate)
    this.pc.ontrack = (e) => {
      const mid = e.transceiver.mid
      const source = mid === null ? undefined : this.sources[mid]
      if (!source) return
      this.tracks.set(source, e.track)
      this.onTrack(source, e.track)
    }
  }

  get connectionState(): RTCPeerConnectionState {
    return this.pc.connectionState
  }

  /** Takes an offer (first or renegotiated) and answers it. */
  offer(sdp: string, sources: SignalOf<'offer'>['sources']): void {
    if (this.closed) return
    this.sources = { ...this.sources, ...sources }
    this.pc
      .setRemoteDescription({ type: 'offer', sdp })
      .then(() => this.pc.createAnswer())
      .then((answer) => this.pc.setLocalDescription(answer))
      .then(() => {
        const local = this.pc.localDescription?.sdp
        if (local && !this.closed) this.send({ t: 'answer', link: this.id, sdp: local })
      })
      .catch(() => undefined)
  }

  addCandidates(candidates: SignalOf<'ice'>['candidates']): void {
    if (!this.closed) addCandidates(this.pc, candidates)
  }

  /** How I receive the publisher. */
  async sample(): Promise<LinkSample | undefined> {
    if (this.closed) return undefined
    const { sample, counters } = await sampleReceiveStats(this.pc, this.previous)
    this.previous = counters
    return sample
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.batcher.close()
    this.pc.close()
    this.tracks.clear()
  }
}
