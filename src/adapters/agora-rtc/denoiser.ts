import type { IAgoraRTC, IMicrophoneAudioTrack } from 'agora-rtc-sdk-ng'
import type { AIDenoiserExtension, AIDenoiserProcessor } from 'agora-extension-ai-denoiser'

/** Where our server serves the denoiser's wasm files (copied from the package at build). */
export const DENOISER_ASSETS_PATH = '/agora-denoiser'

export type LoadDenoiser = () => Promise<{ AIDenoiserExtension: typeof AIDenoiserExtension }>

/**
 * Agora's AI noise suppression (agora-extension-ai-denoiser), loaded only when first switched
 * on; its wasm comes from our own server, never a CDN.
 */
export class Denoiser {
  private processor: Promise<AIDenoiserProcessor | undefined> | undefined
  private piped: IMicrophoneAudioTrack | undefined

  constructor(
    private readonly sdk: IAgoraRTC,
    private readonly load: LoadDenoiser,
    private readonly assetsPath = DENOISER_ASSETS_PATH,
  ) {}

  /** Puts the track through the denoiser, on or off. */
  async apply(track: IMicrophoneAudioTrack | undefined, enabled: boolean): Promise<void> {
    if (!track) return
    if (!enabled && !this.processor) return
    const processor = await this.get()
    if (!processor) return
    if (this.piped !== track) {
      track.pipe(processor).pipe(track.processorDestination)
      this.piped = track
    }
    if (enabled) await processor.enable()
    else await processor.disable()
  }

  /** The track is closed; the next one is piped afresh. */
  release(track: IMicrophoneAudioTrack): void {
    if (this.piped === track) this.piped = undefined
  }

  private get(): Promise<AIDenoiserProcessor | undefined> {
    this.processor ??= this.load().then(({ AIDenoiserExtension }) => {
      const extension = new AIDenoiserExtension({ assetsPath: this.assetsPath })
      if (!extension.checkCompatibility()) return undefined
      this.sdk.registerExtensions([extension])
      return extension.createProcessor()
    })
    return this.processor
  }
}
