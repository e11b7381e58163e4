import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { boardIntake } from '../../../src/server/board/intake'

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
