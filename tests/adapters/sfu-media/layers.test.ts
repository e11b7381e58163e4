import { describe, expect, it } from 'vitest'
import {
  SIMULCAST_CAPTURE,
  devicePixels,
  layerFor,
  simulcastLayers,
} from '../../../src/adapters/sfu-media/layers'

describe('simulcast layers of the camera', () => {
  it('[VIDEO-2] [TRACK-7] sends the tile profile, half of it and a quarter, highest first', () => {
    const layers = simulcastLayers(
      { width: 720, height: 300, bitrate: 310, frameRate: 30 },
      SIMULCAST_CAPTURE,
    )
    expect(layers.map((l) => l.rid)).toEqual(['h', 'm', 'l'])
    const [h, m, l] = layers
    // 1280x720 scaled until it covers 720x300: 720x405.
    expect(h).toMatchObject({ maxBitrate: 310_000, maxFramerate: 30 })
    expect(Math.abs(1280 / h!.scaleResolutionDownBy - 720)).toBeLessThan(2)
    expect(m!.scaleResolutionDownBy).toBeCloseTo(h!.scaleResolutionDownBy * 2)
    expect(l!.scaleResolutionDownBy).toBeGreaterThanOrEqual(m!.scaleResolutionDownBy * 2)
    expect(m!.maxBitrate).toBeLessThan(h!.maxBitrate)
    expect(l!.maxBitrate).toBeLessThan(m!.maxBitrate)
    expect(l!.maxFramerate).toBe(15)
  })

  it('never scales up a capture smaller than the profile', () => {
    const [h] = simulcastLayers(
      { width: 1280, height: 720, bitrate: 1130, frameRate: 15 },
      { width: 640, height: 360 },
    )
    expect(h!.scaleResolutionDownBy).toBe(1)
  })
})

describe('the layer a tile needs', () => {
  it('[VIDEO-2] [VIDEO-6] small tiles get the low layer, middle ones the middle, large ones the top', () => {
    expect(layerFor(192, 80)).toBe(0)
    expect(layerFor(240, 140)).toBe(0)
    expect(layerFor(360, 280)).toBe(1)
    expect(layerFor(455, 125)).toBe(1)
    expect(layerFor(720, 300)).toBe(2)
    expect(layerFor(940, 400)).toBe(2)
  })

  it('a tile not laid out (no size) gets the low layer', () => {
    expect(layerFor(0, 0)).toBe(0)
    expect(layerFor(Number.NaN, 100)).toBe(0)
  })

  it('counts device pixels up to a ratio of 2', () => {
    expect(devicePixels(200, 100, 3)).toEqual({ width: 400, height: 200 })
    expect(devicePixels(200, 100, 0)).toEqual({ width: 200, height: 100 })
    expect(layerFor(...(Object.values(devicePixels(200, 120, 2)) as [number, number]))).toBe(1)
  })
})
