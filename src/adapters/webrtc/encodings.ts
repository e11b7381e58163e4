import { LOW_STREAM as LOW } from '@streams/wire/constants'
import type { ScreenPreset, StreamQuality, VideoProfile } from '@streams/wire/media'
import { DEFAULT_LAYOUT, LAYOUT_PROFILES } from '@streams/wire/video'

/**
 * The camera profile a publisher starts with until the core gives its tile's: the default
 * layout's large one ([VIDEO-2], all-1: 720x300, 310 kbps, 30 fps).
 */
export const DEFAULT_PROFILE: VideoProfile = LAYOUT_PROFILES[DEFAULT_LAYOUT].large

/** [TRACK-7] The low stream (the core's constant): 160x120, 500 kbps, 120 fps. */
export const LOW_STREAM: VideoProfile = {
  width: LOW.width,
  height: LOW.height,
  bitrate: LOW.bitrate,
  frameRate: LOW.framerate,
}

/** What one sender encodes: the subset of RTCRtpEncodingParameters we set. */
export interface Encoding {
  readonly maxBitrate: number
  readonly scaleResolutionDownBy: number
  readonly maxFramerate: number
}

/**
 * The encoding that makes a source of `source` size fit a tile of the profile's size: scaled
 * down (never up) until the frame covers the tile (the tile crops, as Agora's encoder does), at
 * the profile's bitrate (kbps → bps) and frame rate.
 */
export function encodingFor(
  profile: VideoProfile,
  source: { width?: number; height?: number },
): Encoding {
  const width = source.width ?? profile.width
  const height = source.height ?? profile.height
  const cover = Math.min(width / profile.width, height / profile.height)
  return {
    maxBitrate: profile.bitrate * 1000,
    scaleResolutionDownBy: Math.max(1, Math.round(cover * 100) / 100),
    maxFramerate: profile.frameRate,
  }
}

/** The camera encoding a watcher gets: the tile's profile, or the low stream ([TRACK-7]). */
export function cameraEncoding(
  profile: VideoProfile,
  quality: StreamQuality,
  source: { width?: number; height?: number },
): Encoding {
  return encodingFor(quality === 'low' ? LOW_STREAM : profile, source)
}

/** A screen share is sent whole: scaled to fit inside the preset (no crop), at its rate. */
export function screenEncoding(
  preset: ScreenPreset,
  source: { width?: number; height?: number },
): Encoding {
  const width = source.width ?? preset.width
  const height = source.height ?? preset.height
  const fit = Math.max(width / preset.width, height / preset.height)
  return {
    maxBitrate: preset.bitrate * 1000,
    scaleResolutionDownBy: Math.max(1, Math.round(fit * 100) / 100),
    maxFramerate: preset.frameRate,
  }
}

/** Whether two encodings differ enough to call setParameters again. */
export function sameEncoding(a: Encoding | undefined, b: Encoding): boolean {
  return (
    a !== undefined &&
    a.maxBitrate === b.maxBitrate &&
    a.scaleResolutionDownBy === b.scaleResolutionDownBy &&
    a.maxFramerate === b.maxFramerate
  )
}
