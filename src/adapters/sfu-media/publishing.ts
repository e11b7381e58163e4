import type { RtcEvent } from '@streams/events'
import type { MediaKind, ScreenPreset, VideoProfile } from '@streams/wire/media'
import type { FeedSource } from '@streams/wire/sfu'
import { DEFAULT_PROFILE, screenEncoding } from '../webrtc/encodings'
import {
  LocalTracks,
  type Capture,
  type LocalKind,
  type NoiseFactory,
} from '../webrtc/local-tracks'
import type { LinkSample } from '../webrtc/quality'
import { SIMULCAST_CAPTURE, simulcastLayers } from './layers'
import { Sender } from './sender'
import type { SfuSignalling } from './signalling'

/** What publishing needs of the adapter. */
export interface PublishingHost {
  /** The signalling of the media session joined now, while the media server is there. */
  signalling(): SfuSignalling | undefined
  /** Whether a media session is joined (the media server may be away). */
  joined(): boolean
  readonly iceServers: RTCIceServer[]
  /** A local track appeared, changed or went (my own tiles show it). */
  changed(kind: LocalKind): void
  /** A connection's ICE state (a failure calls for a restart). */
  iceState(state: RTCIceConnectionState): void
  emit(event: RtcEvent): void
}

/**
 * What I publish through the SFU: my tracks, opened and closed on the core's calls on the
 * devices chosen, sent over one connection for the camera and microphone (the camera in three
 * simulcast layers) and one for a screen share. A track that ends by itself is reported and
 * comes back on the next device the core chooses ([TRACK-5]).
 */
export class SfuPublishing {
  readonly tracks: LocalTracks
  private readonly senders: { camera?: Sender; screen?: Sender } = {}
  private profile: VideoProfile = DEFAULT_PROFILE
  private screenToken: string | undefined

  constructor(
    capture: () => Capture,
    noise: NoiseFactory | undefined,
    private readonly host: PublishingHost,
  ) {
    this.tracks = new LocalTracks(
      capture,
      noise,
      (kind) => this.trackEnded(kind),
      (message) => host.emit({ type: 'rtc/exceptionRaised', code: 'NOISE_REDUCTION', message }),
      SIMULCAST_CAPTURE,
    )
  }

  async publish(kind: MediaKind, options: { deviceId?: string; profile?: VideoProfile }) {
    if (!this.host.joined()) throw new Error('not in the media session')
    const signalling = this.host.signalling()
    if (options.profile) this.profile = options.profile
    await this.tracks.open(kind, options.deviceId, this.profile)
    if (this.host.signalling() !== signalling) return this.tracks.close(kind)
    this.host.changed(kind)
    // The SFU's refusal (no grant, the room full) fails the call: the core turns the flag off.
    await this.sendCamera().catch((error: unknown) => {
      this.tracks.close(kind)
      this.host.changed(kind)
      void this.sendCamera().catch(() => undefined)
      throw error
    })
  }

  async unpublish(kind: MediaKind): Promise<void> {
    const open = this.tracks.has(kind)
    this.tracks.release(kind)
    if (!open) return
    this.host.changed(kind)
    await this.sendCamera()
  }

  async setVideoProfile(profile: VideoProfile): Promise<void> {
    this.profile = profile
    await this.senders.camera?.reencode(this.cameraLayers())
  }

  async startScreenShare(preset: ScreenPreset, token: string): Promise<void> {
    if (!this.host.joined()) throw new Error('not in the media session')
    const signalling = this.host.signalling()
    this.screenToken = token
    await this.tracks.openScreen(preset)
    if (this.host.signalling() !== signalling) return this.tracks.close('screen')
    this.host.changed('screen')
    await this.sendScreen().catch((error: unknown) => {
      this.tracks.close('screen')
      this.host.changed('screen')
      void this.closeSender('screen')
      throw error
    })
  }

  async stopScreenShare(): Promise<void> {
    if (!this.tracks.has('screen')) return
    this.tracks.close('screen')
    this.host.changed('screen')
    await this.closeSender('screen')
  }

  async switchDevice(kind: 'camera' | 'microphone', deviceId: string): Promise<void> {
    const switched = await this.tracks.switchDevice(
      kind,
      deviceId,
      this.host.joined(),
      this.profile,
    )
    if (!switched) return
    this.host.changed(switched.kind)
    await this.sendCamera()
    if (switched.revived) this.host.emit({ type: 'rtc/localPublished', kind: switched.kind })
  }

  async setNoiseReduction(enabled: boolean): Promise<void> {
    if (await this.tracks.setNoise(enabled)) await this.sendCamera()
  }

  /** Sends what is open again over new connections (joined again after the SFU came back). */
  async republish(): Promise<void> {
    this.dropSenders()
    await this.sendCamera()
    if (this.tracks.has('screen')) await this.sendScreen()
  }

  /** ICE restart of every publishing connection. */
  restartIce(): void {
    for (const sender of Object.values(this.senders))
      void sender?.restartIce().catch(() => undefined)
  }

  /** How the SFU receives my camera and microphone. */
  sample(): Promise<LinkSample | undefined> | undefined {
    return this.senders.camera?.sample()
  }

  /** The connections went with the session (left, or the SFU went away): tracks stay. */
  dropSenders(): void {
    for (const source of ['camera', 'screen'] as const) {
      this.senders[source]?.abandon()
      this.senders[source] = undefined
    }
  }

  /** Leaving: every connection and track closes, nothing is left to bring back. */
  async closeAll(): Promise<void> {
    const closing = [this.closeSender('camera'), this.closeSender('screen')]
    this.tracks.closeAll()
    await Promise.all(closing)
  }

  private async sendCamera(): Promise<void> {
    const audio = this.tracks.audioTrack
    const video = this.tracks.videoTrack
    if (!audio && !video) return this.closeSender('camera')
    const sender = this.sender('camera')
    await sender?.update({ audio, video, encodings: this.cameraLayers() })
  }

  private async sendScreen(): Promise<void> {
    const video = this.tracks.screenTrack
    const preset = this.tracks.screenPreset
    if (!video || !preset) return this.closeSender('screen')
    const encoding = screenEncoding(preset, video.getSettings())
    await this.sender('screen')?.update({ audio: null, video, encodings: [encoding] })
  }

  private cameraLayers() {
    return simulcastLayers(this.profile, this.tracks.videoTrack?.getSettings() ?? {})
  }

  private sender(source: FeedSource): Sender | undefined {
    const signalling = this.host.signalling()
    if (!signalling) return undefined
    const token = source === 'screen' ? this.screenToken : undefined
    this.senders[source] ??= new Sender(source, signalling, this.host.iceServers, token, (state) =>
      this.host.iceState(state),
    )
    return this.senders[source]
  }

  private async closeSender(source: FeedSource): Promise<void> {
    const sender = this.senders[source]
    this.senders[source] = undefined
    await sender?.close()
  }

  private trackEnded(kind: LocalKind): void {
    this.host.changed(kind)
    this.host.emit({ type: 'rtc/trackEnded', kind })
    if (kind === 'screen') void this.closeSender('screen')
    else void this.sendCamera().catch(() => undefined)
  }
}
