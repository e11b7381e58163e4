import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_TIMEOUT_MS, ChunkTimeoutError, withTimeout } from '../../../src/web/app/lazy-screen'

describe('lazy screens', () => {
  afterEach(() => vi.useRealTimers())

  it('[ROUTE-6] a screen chunk load times out after 120000 ms', async () => {
    vi.useFakeTimers()
    expect(CHUNK_TIMEOUT_MS).toBe(120_000)
    const never = withTimeout(() => new Promise<never>(() => {}))
    const outcome = never.then(
      () => 'loaded',
      (error: unknown) => error,
    )
    await vi.advanceTimersByTimeAsync(119_999)
    let settled = false
    void outcome.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toBeInstanceOf(ChunkTimeoutError)
  })

  it('[ROUTE-6] a chunk that loads in time is used', async () => {
    await expect(withTimeout(() => Promise.resolve({ default: 1 }), 50)).resolves.toEqual({
      default: 1,
    })
  })
})
