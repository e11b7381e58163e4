import { describe, expect, it } from 'vitest'
import { cameraEncoding, LOW_STREAM, screenEncoding } from '../../../src/adapters/webrtc/encodings'

const source = { width: 640, height: 480 }

describe('encoder profiles as sender parameters', () => {
  it('[VIDEO-2] the all-1 large profile: 310 kbps, 30 fps, scaled until the frame covers 720x300', () => {
    const e = cameraEncoding({ width: 720, height: 300, bitrate: 310, frameRate: 30 }, 'high', {
      width: 1280,
      height: 720,
    })
    expect(e).toEqual({ maxBitrate: 310_000, scaleResolutionDownBy: 1.78, maxFramerate: 30 })
  })

  it('[VIDEO-2] the all-1 other profile: 192x80 120 kbps 15 fps from a 640x480 camera', () => {
    const e = cameraEncoding(
      { width: 192, height: 80, bitrate: 120, frameRate: 15 },
      'high',
      source,
    )
    expect(e).toEqual({ maxBitrate: 120_000, scaleResolutionDownBy: 3.33, maxFramerate: 15 })
  })

  it('never scales up a source smaller than the tile', () => {
    const e = cameraEncoding(
      { width: 1280, height: 720, bitrate: 1130, frameRate: 15 },
      'high',
      source,
    )
    expect(e.scaleResolutionDownBy).toBe(1)
  })

  it('[TRACK-7] the low stream is 160x120 at 500 kbps and 120 fps, whatever the tile', () => {
    expect(LOW_STREAM).toEqual({ width: 160, height: 120, bitrate: 500, frameRate: 120 })
    const e = cameraEncoding(
      { width: 720, height: 300, bitrate: 310, frameRate: 30 },
      'low',
      source,
    )
    expect(e).toEqual({ maxBitrate: 500_000, scaleResolutionDownBy: 4, maxFramerate: 120 })
  })

  it('[SCREEN-4] a screen share fits whole inside its preset, at the preset rate', () => {
    const preset = {
      name: '720p_2',
      width: 1280,
      height: 720,
      frameRate: 24,
      bitrate: 2000,
    } as const
    expect(screenEncoding(preset, { width: 1920, height: 1200 })).toEqual({
      maxBitrate: 2_000_000,
      scaleResolutionDownBy: 1.67,
      maxFramerate: 24,
    })
  })
})
