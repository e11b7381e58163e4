import type { RtcEvent } from '@streams/events'
import type { MediaKind, ScreenPreset, VideoProfile } from '@streams/wire/media'
import type { Publication } from '@streams/wire/media-signal'
import type { MediaLimits } from './limits'
import { DEFAULT_PROFILE } from '../webrtc/encodings'
import {
  LocalTracks,
  type Capture,
  type LocalKind,
  type NoiseFactory,
} from '../webrtc/local-tracks'
import { offeringOf, type Offering } from './publisher'

/** What publishing needs of the media adapter. */
export interface PublishingHost {
  /** The media session joined now, if any; compared after an await to see it was not left. */
  session(): object | undefined
  /** How many peers publish a microphone or a camera. */
  peerPublishers(): number
  /** A local track appeared, changed or went. */
  changed(kind: LocalKind): void
  /** The camera profile or the microphone's processing changed: the watchers' encodings too. */
  reencode(): void
  emit(event: RtcEvent): void
}

/**
 * What I publish: my tracks opened and closed on the core's calls, under the room's publisher
 * limit, on the devices chosen; a track that ends by itself comes back on the next device.
 */
export class Publishing {
  readonly tracks: LocalTracks
  /** My tracks and each watcher's encodings of them. */
  readonly offering: Offering
  private profile: VideoProfile = DEFAULT_PROFILE

  constructor(
    capture: () => Capture,
    noise: NoiseFactory | undefined,
    private readonly limits: MediaLimits,
    private readonly host: PublishingHost,
  ) {
    this.tracks = new LocalTracks(
      capture,
      noise,
      (kind) => this.trackEnded(kind),
      (message) => host.emit({ type: 'rtc/exceptionRaised', code: 'NOISE_REDUCTION', message }),
    )
    this.offering = offeringOf(this.tracks, () => this.profile)
  }

  /**
   * Opens and sends a track. Who may publish is the core's rule ([ROLE-4], [TRACK-6]); here only
   * the room's limit refuses ('rtc/limitReached', then the call fails). A mic or camera that
   * cannot open fails the call ([TRACK-2]).
   */
  async publish(kind: MediaKind, options: { deviceId?: string; profile?: VideoProfile }) {
    const session = this.host.session()
    if (!session) throw new Error('not in the media session')
    if (options.profile) this.profile = options.profile
    const publishing = this.tracks.has('audio') || this.tracks.has('video')
    if (!publishing && this.host.peerPublishers() + 1 > this.limits.publishers) {
      this.host.emit({ type: 'rtc/limitReached', limit: 'publishers', max: this.limits.publishers })
      throw new Error(`local mode sustains at most ${this.limits.publishers} publishers`)
    }
    await this.tracks.open(kind, options.deviceId, this.profile)
    if (this.host.session() !== session) return this.tracks.close(kind)
    this.host.changed(kind)
  }

  async unpublish(kind: MediaKind): Promise<void> {
    const open = this.tracks.has(kind)
    this.tracks.release(kind)
    if (!open) return
    this.host.changed(kind)
  }

  async setVideoProfile(profile: VideoProfile): Promise<void> {
    this.profile = profile
    this.host.reencode()
  }

  async startScreenShare(preset: ScreenPreset): Promise<void> {
    const session = this.host.session()
    if (!session) throw new Error('not in the media session')
    await this.tracks.openScreen(preset)
    if (this.host.session() !== session) return this.tracks.close('screen')
    this.host.changed('screen')
  }

  async stopScreenShare(): Promise<void> {
    if (!this.tracks.has('screen')) return
    this.tracks.close('screen')
    this.host.changed('screen')
  }

  async switchDevice(kind: 'camera' | 'microphone', deviceId: string): Promise<void> {
    const live = this.host.session() !== undefined
    const switched = await this.tracks.switchDevice(kind, deviceId, live, this.profile)
    if (!switched) return
    this.host.changed(switched.kind)
    if (switched.revived) this.host.emit({ type: 'rtc/localPublished', kind: switched.kind })
  }

  async setNoiseReduction(enabled: boolean): Promise<void> {
    if (await this.tracks.setNoise(enabled)) this.host.reencode()
  }

  /** What I publish, as peers learn it (`screenUid` names my screen share). */
  publication(screenUid: string | undefined): Publication {
    const screen = this.tracks.has('screen') ? screenUid : undefined
    return {
      audio: this.tracks.has('audio'),
      video: this.tracks.has('video'),
      ...(screen ? { screen } : {}),
    }
  }

  /** Leaving: every track closes, and nothing is left to bring back. */
  closeAll(): void {
    this.tracks.closeAll()
  }

  private trackEnded(kind: LocalKind): void {
    this.host.changed(kind)
    this.host.emit({ type: 'rtc/trackEnded', kind })
  }
}
