import { describe, expect, it } from 'vitest'
import { YuvFrame, yuvOf } from '../../../../src/server/media/compose/yuv'

const at = (f: YuvFrame, x: number, y: number) => ({
  y: f.data[y * f.width + x],
  u: f.data[f.uOffset + (y >> 1) * (f.width / 2) + (x >> 1)],
  v: f.data[f.vOffset + (y >> 1) * (f.width / 2) + (x >> 1)],
})

describe('yuv420p frames', () => {
  it('converts RGB as ffmpeg does (BT.601, limited range)', () => {
    expect(yuvOf(0, 0, 0)).toEqual({ y: 16, u: 128, v: 128 })
    expect(yuvOf(255, 255, 255)).toEqual({ y: 235, u: 128, v: 128 })
    expect(yuvOf(255, 0, 0)).toEqual({ y: 81, u: 90, v: 240 })
  })

  it('fills a rectangle in all three planes and nothing outside it', () => {
    const f = new YuvFrame(8, 8)
    f.fill({ x: 2, y: 2, width: 4, height: 2 }, { y: 200, u: 10, v: 20 })
    expect(at(f, 2, 2)).toEqual({ y: 200, u: 10, v: 20 })
    expect(at(f, 5, 3)).toEqual({ y: 200, u: 10, v: 20 })
    expect(at(f, 6, 2)).toEqual({ y: 0, u: 0, v: 0 })
    expect(at(f, 2, 4)).toEqual({ y: 0, u: 0, v: 0 })
  })

  it('copies a picture in at a place, clipped at the edges', () => {
    const dst = new YuvFrame(8, 8)
    const src = new YuvFrame(4, 4)
    src.fill({ x: 0, y: 0, width: 4, height: 4 }, { y: 99, u: 98, v: 97 })
    dst.blit(src, 6, 6)
    expect(at(dst, 7, 7)).toEqual({ y: 99, u: 98, v: 97 })
    expect(at(dst, 5, 5)).toEqual({ y: 0, u: 0, v: 0 })
    dst.blit(src, -2, 0)
    expect(at(dst, 1, 3)).toEqual({ y: 99, u: 98, v: 97 })
    expect(at(dst, 2, 0)).toEqual({ y: 0, u: 0, v: 0 })
  })

  it('blends an RGBA picture by its alpha', () => {
    const f = new YuvFrame(4, 4)
    f.fill({ x: 0, y: 0, width: 4, height: 4 }, yuvOf(0, 0, 0))
    const rgba = new Uint8Array(2 * 2 * 4)
    rgba.set([255, 255, 255, 255], 0) // opaque white at (0,0)
    rgba.set([255, 255, 255, 0], 4) // transparent at (1,0)
    f.blend(rgba, 2, 2, 0, 0)
    expect(at(f, 0, 0).y).toBe(235)
    expect(at(f, 1, 0).y).toBe(16)
  })

  it('converts an opaque RGBA picture the way yuvOf converts each colour, chroma per 2x2 block', () => {
    const colours = [
      [0, 0, 0],
      [255, 255, 255],
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [224, 49, 49],
      [30, 30, 30],
      [128, 200, 77],
    ]
    const rgba = new Uint8Array(colours.length * 2 * 2 * 4)
    // Each colour fills one 2x2 block of a picture two pixels high.
    const width = colours.length * 2
    colours.forEach(([r, g, b], i) => {
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const p = (dy * width + i * 2 + dx) * 4
        rgba.set([r!, g!, b!, 255], p)
      }
    })
    const frame = YuvFrame.fromRgba(rgba, width, 2)
    colours.forEach(([r, g, b], i) => {
      const want = yuvOf(r!, g!, b!)
      const got = at(frame, i * 2 + 1, 1)
      expect(Math.abs(got.y! - want.y)).toBeLessThanOrEqual(1)
      expect(Math.abs(got.u! - want.u)).toBeLessThanOrEqual(1)
      expect(Math.abs(got.v! - want.v)).toBeLessThanOrEqual(1)
    })
  })

  it('refuses odd sizes and buffers of the wrong length', () => {
    expect(() => new YuvFrame(3, 4)).toThrow(/odd/)
    expect(() => new YuvFrame(4, 4, Buffer.alloc(5))).toThrow(/24 bytes/)
  })
})
