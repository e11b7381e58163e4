import { describe, expect, it } from 'vitest'
import { BATCH_SPACING_MS, coalesce } from '../../../src/server/store/coalesce'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('coalesced database calls', () => {
  it('answers the requests of one turn with one call, each its own answer in order', async () => {
    const calls: number[][] = []
    const double = coalesce(async (xs: number[]) => {
      calls.push(xs)
      return xs.map((x) => x * 2)
    })
    expect(await Promise.all([1, 2, 3].map(double))).toEqual([2, 4, 6])
    expect(calls).toEqual([[1, 2, 3]])
  })

  it('gathers what comes while a batch runs, and soon after it, into the next one', async () => {
    const calls: number[][] = []
    const slow = coalesce(async (xs: number[]) => {
      calls.push(xs)
      await sleep(30)
      return xs
    })
    const first = slow(1)
    await sleep(5)
    const rest = [2, 3, 4].map(slow)
    await first
    expect(await Promise.all(rest)).toEqual([2, 3, 4])
    // Right after a batch that started more than the spacing ago, the next starts at once.
    expect(calls).toEqual([[1], [2, 3, 4]])
    const started = performance.now()
    await slow(5)
    expect(calls.at(-1)).toEqual([5])
    expect(performance.now() - started).toBeGreaterThanOrEqual(29)
  })

  it('starts batches of one kind at most every BATCH_SPACING_MS', async () => {
    const starts: number[] = []
    const quick = coalesce(async (xs: number[]) => {
      starts.push(performance.now())
      return xs
    })
    await quick(1)
    await quick(2)
    await quick(3)
    expect(starts).toHaveLength(3)
    // Allow a timer's millisecond of rounding.
    for (let i = 1; i < starts.length; i++)
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(BATCH_SPACING_MS - 1)
  })

  it('fails every request of a batch that failed, and goes on with the next', async () => {
    let fail = true
    const flaky = coalesce(async (xs: number[]) => {
      if (fail) throw new Error('database away')
      return xs
    })
    const failed = await Promise.allSettled([flaky(1), flaky(2)])
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    fail = false
    expect(await flaky(3)).toBe(3)
  })
})
