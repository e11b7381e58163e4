import type { FeedSource } from '@streams/wire/sfu'
import type { Encoding } from '../webrtc/encodings'
import { CandidateBatcher } from '../webrtc/ice'
import type { LinkSample } from '../webrtc/quality'
import { sampleSendStats, type Counters } from '../webrtc/stats'
import type { Layer } from './layers'
import type { SfuSignalling } from './signalling'

/** What one source sends now: its tracks, and how to encode its video. */
export interface Outgoing {
  readonly audio: MediaStreamTrack | null
  readonly video: MediaStreamTrack | null
  /** Simulcast layers (the camera) or one encoding (a screen share). */
  readonly encodings: readonly (Layer | Encoding)[]
}

/**
 * One publishing connection to the SFU: my camera and microphone, or my screen share. The
 * first offer publishes; a track that comes or goes renegotiates (a stream that stops is
 * offered inactive, and the SFU tells the room it is gone); a swapped track is replaced without
 * a negotiation; an ICE restart is a new offer. Everything is sent in order.
 */
export class Sender {
  private readonly pc: RTCPeerConnection
  private audio: RTCRtpTransceiver | undefined
  private video: RTCRtpTransceiver | undefined
  private negotiated = { audio: false, video: false }
  private queue: Promise<unknown> = Promise.resolve()
  private readonly batcher: CandidateBatcher
  private counters: Counters | undefined
  private closed = false

  constructor(
    readonly source: FeedSource,
    private readonly signalling: SfuSignalling,
    iceServers: RTCIceServer[],
    private readonly token: string | undefined,
    onIceState: (state: RTCIceConnectionState) => void,
  ) {
    this.pc = new RTCPeerConnection({ iceServers, bundlePolicy: 'max-bundle' })
    this.batcher = new CandidateBatcher((candidates) => {
      void this.signalling.request({ t: 'trickle', pc: source, candidates }).catch(() => undefined)
    })
    this.pc.addEventListener('icecandidate', (e) => this.batcher.add(e.candidate))
    this.pc.addEventListener('iceconnectionstatechange', () =>
      onIceState(this.pc.iceConnectionState),
    )
  }

  /** Sends these tracks: a renegotiation when a kind comes or goes, a replacement otherwise. */
  update(outgoing: Outgoing): Promise<void> {
    return this.run(async () => {
      const audioOn = outgoing.audio !== null
      const videoOn = outgoing.video !== null
      if (audioOn) this.audio ??= this.pc.addTransceiver('audio', { direction: 'sendonly' })
      if (videoOn)
        this.video ??= this.pc.addTransceiver('video', {
          direction: 'sendonly',
          sendEncodings: outgoing.encodings.map((e) => ({ ...e })),
        })
      await this.audio?.sender.replaceTrack(outgoing.audio)
      await this.video?.sender.replaceTrack(outgoing.video)
      if (this.audio) this.audio.direction = audioOn ? 'sendonly' : 'inactive'
      if (this.video) this.video.direction = videoOn ? 'sendonly' : 'inactive'
      if (videoOn) await this.encode(outgoing.encodings)
      if (this.negotiated.audio !== audioOn || this.negotiated.video !== videoOn) {
        await this.negotiate(false)
        this.negotiated = { audio: audioOn, video: videoOn }
      }
    })
  }

  /** The video's encodings changed (another tile profile): applied without a negotiation. */
  reencode(encodings: readonly (Layer | Encoding)[]): Promise<void> {
    return this.run(() => this.encode(encodings))
  }

  /** A new offer with new ICE credentials (after a network change or an ICE failure). */
  restartIce(): Promise<void> {
    return this.run(() => this.negotiate(true))
  }

  /** How the SFU receives what I send (its receiver reports). */
  async sample(): Promise<LinkSample | undefined> {
    const { sample, counters } = await sampleSendStats(this.pc, this.counters)
    this.counters = counters
    return sample
  }

  get connectionState(): RTCPeerConnectionState {
    return this.pc.connectionState
  }

  /** Stops sending: the SFU lets go of the publication. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.batcher.close()
    this.pc.close()
    await this.signalling.request({ t: 'unpublish', source: this.source }).catch(() => undefined)
  }

  /** The SFU's end is gone already (it went away, or a new session began): closes locally. */
  abandon(): void {
    this.closed = true
    this.batcher.close()
    this.pc.close()
  }

  private async negotiate(iceRestart: boolean): Promise<void> {
    const offer = await this.pc.createOffer(iceRestart ? { iceRestart: true } : {})
    await this.pc.setLocalDescription(offer)
    const answer = (await this.signalling.request({
      t: 'publish',
      source: this.source,
      sdp: offer.sdp ?? '',
      ...(this.token ? { token: this.token } : {}),
    })) as { sdp?: unknown }
    if (typeof answer?.sdp !== 'string') throw new Error('the media server answered no SDP')
    await this.pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp })
  }

  private async encode(encodings: readonly (Layer | Encoding)[]): Promise<void> {
    const sender = this.video?.sender
    if (!sender) return
    const parameters = sender.getParameters()
    if (!parameters.encodings?.length) return
    parameters.encodings.forEach((current, i) => {
      const wanted = encodings.find((e) => 'rid' in e && e.rid === current.rid) ?? encodings[i]
      if (!wanted) return
      current.maxBitrate = wanted.maxBitrate
      current.scaleResolutionDownBy = wanted.scaleResolutionDownBy
      current.maxFramerate = wanted.maxFramerate
    })
    await sender.setParameters(parameters).catch(() => undefined)
  }

  /** Runs after what was asked before; a closed sender does nothing more. */
  private run(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(() => (this.closed ? undefined : step()))
    this.queue = next.catch(() => undefined)
    return next
  }
}
