import type {
  IAgoraRTC,
  IAgoraRTCClient,
  ICameraVideoTrack,
  IMicrophoneAudioTrack,
} from 'agora-rtc-sdk-ng'
import type { Event } from '@streams/events'
import type { MediaKind, VideoProfile } from '@streams/wire/media'
import type { Denoiser } from './denoiser'
import { cameraEncoderConfig, microphoneConfig } from './encoder'

/** What the local tracks need of the joined channel (undefined once it is left). */
export interface LocalTracksChannel {
  readonly sdk: IAgoraRTC
  readonly client: IAgoraRTCClient
  readonly denoiser: Denoiser
  /** The member's own uid (whose video the camera shows). */
  readonly uid: string
}

/**
 * The member's microphone and camera in Agora mode: opened, published on the joined client,
 * closed, and watched for a device that goes away ([TRACK-2]).
 */
export class AgoraLocalTracks {
  audio: IMicrophoneAudioTrack | undefined
  video: ICameraVideoTrack | undefined
  /** The camera's encoder profile, kept for the next camera track. */
  profile: VideoProfile | undefined
  private noiseOn = false

  constructor(
    private readonly channel: () => LocalTracksChannel | undefined,
    private readonly emit: (event: Event) => void,
    private readonly showing: (uid: string, on: boolean) => void,
  ) {}

  /** The tracks published now (to publish again after a rejoin). */
  get published(): (IMicrophoneAudioTrack | ICameraVideoTrack)[] {
    return [this.audio, this.video].filter((t) => t !== undefined)
  }

  /** Opens the device and publishes its track; a failure closes it and fails the call. */
  async publish(
    channel: LocalTracksChannel,
    kind: MediaKind,
    deviceId: string | undefined,
  ): Promise<void> {
    try {
      if (kind === 'audio') {
        this.close('audio')
        const track = await channel.sdk.createMicrophoneAudioTrack(microphoneConfig(deviceId))
        this.audio = track
        this.watchEnded(track, 'audio')
        await channel.denoiser.apply(track, this.noiseOn).catch(() => undefined)
        await channel.client.publish(track)
      } else {
        this.close('video')
        const track = await channel.sdk.createCameraVideoTrack({
          ...(deviceId ? { cameraId: deviceId } : {}),
          ...(this.profile ? { encoderConfig: cameraEncoderConfig(this.profile) } : {}),
        })
        this.video = track
        this.watchEnded(track, 'video')
        this.showing(channel.uid, true)
        await channel.client.publish(track)
      }
    } catch (error) {
      this.close(kind)
      throw error
    }
  }

  async unpublish(channel: LocalTracksChannel, kind: MediaKind): Promise<void> {
    const track = kind === 'audio' ? this.audio : this.video
    if (!track) return
    await channel.client.unpublish(track).catch(() => undefined)
    this.close(kind)
  }

  async setVideoProfile(profile: VideoProfile): Promise<void> {
    this.profile = profile
    await this.video?.setEncoderConfiguration(cameraEncoderConfig(profile))
  }

  async setNoiseReduction(enabled: boolean): Promise<void> {
    this.noiseOn = enabled
    await this.channel()?.denoiser.apply(this.audio, enabled)
  }

  close(kind: MediaKind): void {
    if (kind === 'audio' && this.audio) {
      this.channel()?.denoiser.release(this.audio)
      this.audio.close()
      this.audio = undefined
    }
    if (kind === 'video' && this.video) {
      this.video.close()
      this.video = undefined
      const channel = this.channel()
      if (channel) this.showing(channel.uid, false)
    }
  }

  private watchEnded(track: IMicrophoneAudioTrack | ICameraVideoTrack, kind: MediaKind): void {
    track.on('track-ended', () => {
      if ((kind === 'audio' ? this.audio : this.video) !== track) return
      void this.channel()
        ?.client.unpublish(track)
        .catch(() => undefined)
      this.close(kind)
      this.emit({ type: 'rtc/trackEnded', kind })
    })
  }
}
