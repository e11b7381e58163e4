import {
  MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RTCRtpHeaderExtensionParameters,
  RtpHeader,
  RtpPacket,
} from 'werift'

/**
 * Headless WebRTC peers for the server's media tests (werift, a WebRTC stack in Node): a
 * publisher that sends RTP we make, a subscriber that counts what arrives.
 */

const OPUS = () =>
  new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })
const VP8 = () =>
  new RTCRtpCodecParameters({
    mimeType: 'video/VP8',
    clockRate: 90000,
    rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
  })

const AUDIO_LEVEL = 'urn:ietf:params:rtp-hdrext:ssrc-audio-level'

export interface Sdp {
  readonly type: 'offer' | 'answer'
  readonly sdp: string
}

const gathered = async (pc: RTCPeerConnection): Promise<Sdp> => {
  if (pc.iceGatheringState !== 'complete')
    await new Promise<void>((resolve) => {
      const { unSubscribe } = pc.iceGatheringStateChange.subscribe((state) => {
        if (state !== 'complete') return
        unSubscribe()
        resolve()
      })
    })
  const local = pc.localDescription
  if (!local) throw new Error('no local description')
  return { type: local.type as Sdp['type'], sdp: local.sdp }
}

/** A publisher of an audio track and/or a video track, each fed with RTP packets we write. */
export class WeriftPublisher {
  readonly pc: RTCPeerConnection
  readonly audio = new MediaStreamTrack({ kind: 'audio' })
  readonly video = new MediaStreamTrack({ kind: 'video' })
  /**
   * With `levels`, each Opus packet carries this audio level (RFC 6464: 0 loudest, 127 silence,
   * in -dBov) in its header, as a browser's do: Janus's talking events read it.
   */
  audioLevel: number | undefined
  private pump: ReturnType<typeof setInterval> | undefined
  private seq = 0

  constructor(
    kinds: { audio?: boolean; video?: boolean } = { video: true },
    options: { levels?: boolean } = {},
  ) {
    this.pc = new RTCPeerConnection({
      codecs: { audio: [OPUS()], video: [VP8()] },
      ...(options.levels
        ? {
            headerExtensions: {
              audio: [new RTCRtpHeaderExtensionParameters({ id: 1, uri: AUDIO_LEVEL })],
            },
          }
        : {}),
    })
    if (options.levels) this.audioLevel = 127
    if (kinds.audio) this.pc.addTransceiver(this.audio, { direction: 'sendonly' })
    if (kinds.video) this.pc.addTransceiver(this.video, { direction: 'sendonly' })
  }

  async offer(): Promise<Sdp> {
    await this.pc.setLocalDescription(await this.pc.createOffer())
    return gathered(this.pc)
  }

  async answered(answer: Sdp): Promise<void> {
    await this.pc.setRemoteDescription(answer)
  }

  /** Sends one small VP8 key frame packet and one Opus packet every 20 ms. */
  start(): void {
    this.pump = setInterval(() => {
      const seq = this.seq++ & 0xffff
      const vp8 = new RtpHeader({
        payloadType: 96,
        sequenceNumber: seq,
        timestamp: seq * 1800,
        marker: true,
      })
      this.video.writeRtp(
        new RtpPacket(vp8, Buffer.from([0x10, 0x00, 0x9d, 0x01, 0x2a, 0x10, 0, 0x10, 0])),
      )
      const opus = new RtpHeader({ payloadType: 111, sequenceNumber: seq, timestamp: seq * 960 })
      if (this.audioLevel !== undefined)
        opus.extensions = [{ id: 1, payload: Buffer.from([0x80 | (this.audioLevel & 0x7f)]) }]
      this.audio.writeRtp(new RtpPacket(opus, Buffer.from([0xf8, 0xff, 0xfe])))
    }, 20)
  }

  async close(): Promise<void> {
    if (this.pump) clearInterval(this.pump)
    await this.pc.close()
  }
}

/** A subscriber: answers the server's offers and counts RTP packets by kind. */
export class WeriftSubscriber {
  readonly pc = new RTCPeerConnection({ codecs: { audio: [OPUS()], video: [VP8()] } })
  readonly received = { audio: 0, video: 0 }

  constructor() {
    this.pc.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe(
        () => this.received[track.kind === 'audio' ? 'audio' : 'video']++,
      ),
    )
  }

  async answer(offer: Sdp): Promise<Sdp> {
    await this.pc.setRemoteDescription(offer)
    await this.pc.setLocalDescription(await this.pc.createAnswer())
    return gathered(this.pc)
  }

  async close(): Promise<void> {
    await this.pc.close()
  }
}

/** Polls until the check holds (media flows on its own clock); fails after `ms`. */
export async function until(check: () => boolean, ms = 30_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/**
 * Waits until `read()` has not changed for `quietMs` (the packets already on their way when a
 * stream was stopped have arrived), and answers that value; fails if it still changes after `ms`.
 * A fixed pause is not enough on a busy machine, where such packets can come seconds late.
 */
export async function settled(
  read: () => number,
  what: string,
  quietMs = 1000,
  ms = 30_000,
): Promise<number> {
  const end = Date.now() + ms
  let value = read()
  let since = Date.now()
  while (Date.now() - since < quietMs) {
    if (Date.now() > end) throw new Error(`${what} still changing after ${ms} ms`)
    await new Promise((r) => setTimeout(r, 50))
    if (read() !== value) {
      value = read()
      since = Date.now()
    }
  }
  return value
}
