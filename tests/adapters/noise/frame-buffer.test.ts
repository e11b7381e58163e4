import { describe, expect, it } from 'vitest'
import { FrameBuffer, RNNOISE_FRAME } from '../../../src/adapters/noise/frame-buffer'

function run(buffer: FrameBuffer, samples: Float32Array, quantum = 128): Float32Array {
  const out = new Float32Array(samples.length)
  for (let i = 0; i < samples.length; i += quantum)
    buffer.push(samples.subarray(i, i + quantum), out.subarray(i, i + quantum))
  return out
}

const ramp = (n: number) => Float32Array.from({ length: n }, (_, i) => (i % 1000) / 1000)

describe('RNNoise frame buffer (128-sample quanta to 480-sample frames and back)', () => {
  it('hands whole 480-sample frames to RNNoise, in order', () => {
    const frames: number[][] = []
    run(new FrameBuffer((f) => frames.push([f[0] ?? -1, f[479] ?? -1])), ramp(128 * 15))
    expect(frames).toHaveLength(4) // 1920 samples
    expect(frames[1]?.[0]).toBeCloseTo(0.48)
    expect(frames[1]?.[1]).toBeCloseTo(0.959)
  })

  it('gives back every sample one frame later, untouched when the frame is', () => {
    const input = ramp(128 * 30)
    const out = run(new FrameBuffer(() => undefined), input)
    expect(Array.from(out.subarray(0, RNNOISE_FRAME)).every((s) => s === 0)).toBe(true)
    expect(Array.from(out.subarray(RNNOISE_FRAME))).toEqual(
      Array.from(input.subarray(0, input.length - RNNOISE_FRAME)),
    )
  })

  it('gives back what RNNoise made of each frame', () => {
    const out = run(new FrameBuffer((f) => f.fill(0.5)), ramp(128 * 30))
    expect(out[RNNOISE_FRAME - 1]).toBe(0)
    expect(Array.from(out.subarray(RNNOISE_FRAME)).every((s) => s === 0.5)).toBe(true)
  })
})
