import type { ScreenPreset, VideoProfile } from '@streams/wire/media'
import {
  CAMERA_FLOOR,
  cameraConstraints,
  microphoneConstraints,
  screenConstraints,
} from './capture'

/** A running noise suppressor: its output replaces the raw microphone track. */
export interface NoiseSuppressor {
  readonly output: MediaStreamTrack
  close(): void
}

/** Builds a suppressor for a microphone track (the RNNoise worklet of src/adapters/noise). */
export type NoiseFactory = (input: MediaStreamTrack) => Promise<NoiseSuppressor>

export type Capture = Pick<MediaDevices, 'getUserMedia' | 'getDisplayMedia'>

export type LocalKind = 'audio' | 'video' | 'screen'

/**
 * My own tracks: microphone (through the noise suppressor when it is on), camera and screen.
 * Opening a kind that is open replaces its track; a track that ends by itself (device
 * unplugged, sharing stopped from the browser's bar) is reported through `onEnded`. It keeps the
 * devices the core chose, and the microphone or camera that ended by itself, which comes back on
 * the next device chosen ([TRACK-5]).
 */
export class LocalTracks {
  private audio: { raw: MediaStreamTrack; noise?: NoiseSuppressor } | undefined
  private video: MediaStreamTrack | undefined
  private screen: { track: MediaStreamTrack; preset: ScreenPreset } | undefined
  private noiseOn = false
  /** The devices the core chose last, used when an open names none. */
  private readonly chosen: { audio?: string; video?: string } = {}
  /** Microphone or camera whose track ended by itself, to bring back on the next device. */
  private readonly ended = new Set<'audio' | 'video'>()

  constructor(
    private readonly capture: () => Capture,
    private readonly noise: NoiseFactory | undefined,
    private readonly onEnded: (kind: LocalKind) => void,
    private readonly onNoiseFailed: (message: string) => void = () => undefined,
    /** The smallest camera capture (`cameraConstraints`). */
    private readonly cameraFloor: { width: number; height: number } = CAMERA_FLOOR,
  ) {}

  get audioTrack(): MediaStreamTrack | null {
    return this.audio?.noise?.output ?? this.audio?.raw ?? null
  }
  get videoTrack(): MediaStreamTrack | null {
    return this.video ?? null
  }
  get screenTrack(): MediaStreamTrack | null {
    return this.screen?.track ?? null
  }
  get screenPreset(): ScreenPreset | undefined {
    return this.screen?.preset
  }
  /** The device a kind's track comes from. */
  deviceOf(kind: 'audio' | 'video'): string | undefined {
    const track = kind === 'audio' ? this.audio?.raw : this.video
    return track?.getSettings().deviceId
  }

  has(kind: LocalKind): boolean {
    return (
      (kind === 'audio' ? this.audio : kind === 'video' ? this.video : this.screen) !== undefined
    )
  }

  /** Opens my microphone or camera on the device named, else on the one chosen last. */
  async open(kind: 'audio' | 'video', deviceId?: string, profile?: VideoProfile): Promise<void> {
    const device = deviceId ?? this.chosen[kind]
    this.ended.delete(kind)
    if (kind === 'audio') await this.openMicrophone(device)
    else await this.openCamera(device, profile)
  }

  /** The core closes a kind: its track closes, and one that had ended is not brought back. */
  release(kind: 'audio' | 'video'): void {
    this.ended.delete(kind)
    this.close(kind)
  }

  /**
   * The core chose a device: kept for the next open. An open track on another device moves to
   * it, and one that ended by itself comes back on it when `live` ([TRACK-5]). Answers the kind
   * that opened and whether it came back, or undefined when nothing opened; a failure leaves the
   * current track as it was (the call fails: 'device/switchFailed').
   */
  async switchDevice(
    device: 'camera' | 'microphone',
    deviceId: string,
    live: boolean,
    profile?: VideoProfile,
  ): Promise<{ kind: 'audio' | 'video'; revived: boolean } | undefined> {
    const kind = device === 'camera' ? 'video' : 'audio'
    this.chosen[kind] = deviceId
    const revived = this.ended.has(kind) && live
    if (!this.has(kind) && !revived) return undefined
    if (this.has(kind) && this.deviceOf(kind) === deviceId) return undefined
    if (kind === 'audio') await this.openMicrophone(deviceId)
    else await this.openCamera(deviceId, profile)
    this.ended.delete(kind)
    return { kind, revived }
  }

  async openMicrophone(deviceId?: string): Promise<void> {
    const stream = await this.capture().getUserMedia({ audio: microphoneConstraints(deviceId) })
    const raw = firstTrack(stream, 'audio')
    const noise = this.noiseOn && this.noise ? await this.suppress(raw) : undefined
    this.close('audio')
    this.audio = { raw, noise }
    this.watchEnd(raw, 'audio')
  }

  async openCamera(deviceId?: string, profile?: VideoProfile): Promise<void> {
    const stream = await this.capture().getUserMedia({
      video: cameraConstraints(deviceId, profile, this.cameraFloor),
    })
    const track = firstTrack(stream, 'video')
    this.close('video')
    this.video = track
    this.watchEnd(track, 'video')
  }

  async openScreen(preset: ScreenPreset): Promise<void> {
    const stream = await this.capture().getDisplayMedia(screenConstraints(preset))
    const track = firstTrack(stream, 'video')
    track.contentHint = 'detail'
    this.close('screen')
    this.screen = { track, preset }
    this.watchEnd(track, 'screen')
  }

  /** Turns noise suppression on or off; answers whether the sent microphone track changed. */
  async setNoise(on: boolean): Promise<boolean> {
    this.noiseOn = on
    const audio = this.audio
    if (!audio || !this.noise || Boolean(audio.noise) === on) return false
    if (on) {
      const noise = await this.suppress(audio.raw)
      if (!noise) return false
      if (this.audio !== audio) {
        noise.close()
        return false
      }
      audio.noise = noise
    } else {
      audio.noise?.close()
      audio.noise = undefined
    }
    return true
  }

  close(kind: LocalKind): void {
    if (kind === 'audio' && this.audio) {
      this.audio.noise?.close()
      stop(this.audio.raw)
      this.audio = undefined
    } else if (kind === 'video' && this.video) {
      stop(this.video)
      this.video = undefined
    } else if (kind === 'screen' && this.screen) {
      stop(this.screen.track)
      this.screen = undefined
    }
  }

  /** Every track closes, and nothing is left to bring back. */
  closeAll(): void {
    for (const kind of ['audio', 'video', 'screen'] as const) this.close(kind)
    this.ended.clear()
  }

  private async suppress(raw: MediaStreamTrack): Promise<NoiseSuppressor | undefined> {
    // Noise suppression is an improvement, never a reason to lose the microphone: reported only.
    return this.noise?.(raw).catch((error: unknown) => {
      this.onNoiseFailed(error instanceof Error ? error.message : String(error))
      return undefined
    })
  }

  private watchEnd(track: MediaStreamTrack, kind: LocalKind): void {
    track.addEventListener('ended', () => {
      const current =
        kind === 'audio' ? this.audio?.raw : kind === 'video' ? this.video : this.screen?.track
      if (current !== track) return
      this.close(kind)
      if (kind !== 'screen') this.ended.add(kind)
      this.onEnded(kind)
    })
  }
}

function firstTrack(stream: MediaStream, kind: 'audio' | 'video'): MediaStreamTrack {
  const track = kind === 'audio' ? stream.getAudioTracks()[0] : stream.getVideoTracks()[0]
  if (!track) throw new Error(`no ${kind} track`)
  return track
}

function stop(track: MediaStreamTrack): void {
  track.stop()
}
