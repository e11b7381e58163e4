import { describe, expect, it } from 'vitest'
import { lossBetween, qualityOf, worst } from '../../../src/adapters/webrtc/quality'

describe('[TRACK-9] network quality from connection statistics', () => {
  it('is 0 (unknown) without a sample, so the core keeps its default', () => {
    expect(qualityOf(undefined)).toBe(0)
  })

  it('grades loss, round-trip time and jitter on Agora’s 1 to 6 scale', () => {
    expect(qualityOf({ loss: 0, rttMs: 20, jitterMs: 5 })).toBe(1)
    expect(qualityOf({ loss: 0.02, rttMs: 20 })).toBe(2)
    expect(qualityOf({ loss: 0, rttMs: 450 })).toBe(3)
    expect(qualityOf({ loss: 0.2 })).toBe(4)
    expect(qualityOf({ loss: 0.5 })).toBe(5)
    expect(qualityOf({ loss: 0, down: true })).toBe(6)
  })

  it('takes loss over the interval from cumulative counters', () => {
    expect(lossBetween(undefined, { lost: 5, received: 95 })).toBeCloseTo(0.05)
    expect(lossBetween({ lost: 5, received: 95 }, { lost: 5, received: 195 })).toBe(0)
    expect(lossBetween({ lost: 5, received: 95 }, { lost: 5, received: 95 })).toBe(0)
  })

  it('my own quality is the worst of my connections', () => {
    expect(worst([1, 3, 2])).toBe(3)
    expect(worst([])).toBe(0)
  })
})
