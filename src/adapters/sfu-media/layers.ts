import type { SubstreamId } from '@streams/wire/sfu'
import type { VideoProfile } from '@streams/wire/media'
import { LOW_STREAM, encodingFor, type Encoding } from '../webrtc/encodings'

/** One simulcast layer of the camera: its RTP stream id and encoding. */
export interface Layer extends Encoding {
  readonly rid: string
}

/**
 * The camera's three simulcast layers, highest first (the order Janus reads the rids in):
 * `h` the tile profile ([LAYOUT-3], the VIDEO rules), `m` half its size at a third of its
 * bitrate, `l` a quarter of its size, at most the low stream of [TRACK-7] (160x120). Each is
 * scaled down from the capture, never up.
 */
export function simulcastLayers(
  profile: VideoProfile,
  source: { width?: number; height?: number },
): Layer[] {
  const high = encodingFor(profile, source)
  const low = encodingFor(LOW_STREAM, source)
  const middleScale = high.scaleResolutionDownBy * 2
  return [
    { rid: 'h', ...high },
    {
      rid: 'm',
      maxBitrate: Math.max(100_000, Math.round(high.maxBitrate / 3)),
      scaleResolutionDownBy: middleScale,
      maxFramerate: high.maxFramerate,
    },
    {
      rid: 'l',
      maxBitrate: Math.min(low.maxBitrate, Math.max(60_000, Math.round(high.maxBitrate / 6))),
      scaleResolutionDownBy: Math.max(low.scaleResolutionDownBy, middleScale * 2),
      maxFramerate: Math.min(high.maxFramerate, 15),
    },
  ]
}

/**
 * The camera capture of an SFU publisher: Chromium sends as many simulcast layers as the input
 * size allows (two below 960x540), so it captures 1280x720 for three.
 */
export const SIMULCAST_CAPTURE = { width: 1280, height: 720 }

/**
 * The largest tile, in device pixels, each lower layer serves: layer 0 the small tiles of the
 * VIDEO rules (192x80, 220x120, 240x100, 240x140: the "other" tiles and 5 to 9 in a row), layer 1
 * the middle ones (360x140, 360x280, 424x180, 455x125: 2 to 6 in a row). Anything larger gets
 * layer 2, the tile profile itself (660x280, 720x300, 940x400, 1280x720).
 */
export const LAYER_TILES: readonly { width: number; height: number }[] = [
  { width: 240, height: 140 },
  { width: 480, height: 280 },
]

/**
 * The layer a tile needs, from its size in device pixels: the first whose tiles it fits in. An
 * unknown size (a tile not laid out) gets the low one.
 */
export function layerFor(width: number, height: number): SubstreamId {
  if (!(width > 0) || !(height > 0)) return 0
  for (let layer = 0; layer < LAYER_TILES.length; layer++) {
    const size = LAYER_TILES[layer] as { width: number; height: number }
    if (width <= size.width && height <= size.height) return layer as SubstreamId
  }
  return 2
}

/** A tile's size in device pixels (the device pixel ratio counts up to 2). */
export function devicePixels(
  cssWidth: number,
  cssHeight: number,
  ratio: number,
): { width: number; height: number } {
  const r = Math.min(2, Math.max(1, ratio || 1))
  return { width: cssWidth * r, height: cssHeight * r }
}
