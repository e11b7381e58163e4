import type { SignalOf } from '@streams/wire/media-signal'
import type { Encoding } from '../webrtc/encodings'
import { sameEncoding } from '../webrtc/encodings'
import { addCandidates, CandidateBatcher } from '../webrtc/ice'
import type { Source } from './roster'
import type { SignalBody } from './signal-codec'
import { sampleSendStats } from '../webrtc/stats'
import type { LinkSample } from '../webrtc/quality'

export type SendTracks = Readonly<Record<Source, MediaStreamTrack | null>>

const ORDER: readonly Source[] = ['audio', 'camera', 'screen']

let counter = 0
const newLinkId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`

/**
 * One publisher-to-watcher connection, seen from the publisher, who always makes the offers (so
 * two sides never offer at once). One sendonly transceiver per source; turning a source off or
 * on again swaps its track (replaceTrack) without a new negotiation.
 */
export class SendLink {
  readonly id = newLinkId()
  private readonly pc: RTCPeerConnection
  private readonly transceivers = new Map<Source, RTCRtpTransceiver>()
  private readonly applied = new Map<Source, Encoding>()
  private readonly batcher: CandidateBatcher
  private negotiating = false
  private dirty = false
  private closed = false
  private previous: Parameters<typeof sampleSendStats>[1]

  constructor(
    iceServers: RTCIceServer[],
    private readonly send: (body: SignalBody) => void,
    onFailed: () => void,
  ) {
    this.pc = new RTCPeerConnection({ iceServers, bundlePolicy: 'max-bundle' })
    this.batcher = new CandidateBatcher((candidates) =>
      this.send({ t: 'ice', link: this.id, side: 'pub', candidates }),
    )
    this.pc.onicecandidate = (e) => this.batcher.add(e.candidate)
    this.pc.onconnectionstatechange = () => {
      if (this.pc.connectionState === 'failed' && !this.closed) onFailed()
    }
  }

  get connectionState(): RTCPeerConnectionState {
    return this.pc.connectionState
  }

  /** Sets what this watcher receives and how each video source is encoded. */
  async set(tracks: SendTracks, encodings: Partial<Record<Source, Encoding>>): Promise<void> {
    for (const source of ORDER) {
      const track = tracks[source]
      const encoding = encodings[source]
      const known = this.transceivers.get(source)
      if (!known) {
        if (!track) continue
        const transceiver = this.pc.addTransceiver(track, {
          direction: 'sendonly',
          ...(encoding ? { sendEncodings: [{ ...encoding }] } : {}),
        })
        this.transceivers.set(source, transceiver)
        if (encoding) this.applied.set(source, encoding)
        this.dirty = true
        continue
      }
      if (known.sender.track !== track) await known.sender.replaceTrack(track)
      if (track && encoding) await this.encode(source, known.sender, encoding)
    }
    if (this.dirty) await this.negotiate()
  }

  acceptAnswer(sdp: string): void {
    if (this.closed || this.pc.signalingState !== 'have-local-offer') return
    this.pc
      .setRemoteDescription({ type: 'answer', sdp })
      .then(() => {
        this.negotiating = false
        if (this.dirty) return this.negotiate()
      })
      .catch(() => undefined)
  }

  addCandidates(candidates: SignalOf<'ice'>['candidates']): void {
    if (!this.closed) addCandidates(this.pc, candidates)
  }

  /** How the watcher receives me, from its RTCP reports. */
  async sample(): Promise<LinkSample | undefined> {
    if (this.closed) return undefined
    const { sample, counters } = await sampleSendStats(this.pc, this.previous)
    this.previous = counters
    return sample
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.batcher.close()
    this.pc.close()
  }

  private async encode(source: Source, sender: RTCRtpSender, encoding: Encoding): Promise<void> {
    if (sameEncoding(this.applied.get(source), encoding)) return
    const parameters = sender.getParameters()
    const first = parameters.encodings[0]
    if (!first) return // not negotiated yet: the offer's sendEncodings apply
    parameters.encodings[0] = { ...first, ...encoding }
    await sender.setParameters(parameters).then(
      () => this.applied.set(source, encoding),
      () => undefined,
    )
  }

  private async negotiate(): Promise<void> {
    if (this.closed) return
    if (this.negotiating) {
      this.dirty = true
      return
    }
    this.negotiating = true
    this.dirty = false
    try {
      await this.pc.setLocalDescription(await this.pc.createOffer())
      const sources: Record<string, Source> = {}
      for (const [source, transceiver] of this.transceivers)
        if (transceiver.mid !== null) sources[transceiver.mid] = source
      const sdp = this.pc.localDescription?.sdp
      if (sdp && !this.closed) this.send({ t: 'offer', link: this.id, sdp, sources })
    } catch {
      this.negotiating = false
    }
  }
}
