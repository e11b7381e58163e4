import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { boardIntake, notBefore } from '../../../src/server/board/intake'

describe('the board intake', () => {
  const calls: string[] = []
  const socket = { pause: () => calls.push('pause'), resume: () => calls.push('resume') }
  beforeEach(() => {
    calls.length = 0
    vi.useFakeTimers()
  })
  afterEach(() => vi.useRealTimers())

  it('takes a burst of two seconds of frames, then stops reading until the rate allows one more', () => {
    const intake = boardIntake(socket, { framesPerSecond: 10, bytesPerSecond: 1e9 })
    for (let i = 0; i < 20; i++) {
      intake.took(10)
      intake.done()
    }
    expect(calls).toEqual([])
    intake.took(10)
    intake.done()
    expect(calls).toEqual(['pause'])
    vi.advanceTimersByTime(99)
    expect(calls).toEqual(['pause'])
    vi.advanceTimersByTime(1)
    expect(calls).toEqual(['pause', 'resume'])
  })

  it('counts bytes too: a frame over the burst waits until its excess has drained', () => {
    const intake = boardIntake(socket, { framesPerSecond: 1000, bytesPerSecond: 1000 })
    intake.took(2500)
    intake.done()
    expect(calls).toEqual(['pause'])
    vi.advanceTimersByTime(499)
    expect(calls).toEqual(['pause'])
    vi.advanceTimersByTime(1)
    expect(calls).toEqual(['pause', 'resume'])
  })

  it('answers how long each frame over the burst must wait, so frames read before the pause took hold are still handled at the rate', () => {
    const intake = boardIntake(socket, { framesPerSecond: 10, bytesPerSecond: 1e9 })
    const waits = Array.from({ length: 25 }, () => intake.took(10))
    expect(waits.slice(0, 20)).toEqual(Array(20).fill(0))
    expect(waits.slice(20)).toEqual([100, 200, 300, 400, 500])
    intake.close()
  })

  it('notBefore resolves only once the clock has reached the time asked', async () => {
    let resolved = false
    const start = Date.now()
    void notBefore(start + 250).then(() => (resolved = true))
    await vi.advanceTimersByTimeAsync(249)
    expect(resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(resolved).toBe(true)
  })

  it('stops reading while more than 64 frames wait to be handled, and reads again as they are', () => {
    const intake = boardIntake(socket, { framesPerSecond: 1e6, bytesPerSecond: 1e9 })
    for (let i = 0; i < 64; i++) intake.took(1)
    expect(calls).toEqual([])
    intake.took(1)
    expect(calls).toEqual(['pause'])
    intake.done()
    expect(calls).toEqual(['pause', 'resume'])
    intake.close()
  })
})
