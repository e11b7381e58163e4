import { describe, expect, it } from 'vitest'
import { createTokens } from '../../../src/server/auth/tokens'
import { ApiFailure } from '../../../src/server/http/errors'
import { AdmissionQueue, BUSY_CODE } from '../../../src/server/rooms/admission'

/** A piece of work the test finishes when it wants. */
function gate() {
  let open!: () => void
  const done = new Promise<void>((resolve) => (open = resolve))
  return { open, done }
}

const busyOf = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiFailure)
  const failure = error as ApiFailure
  expect(failure.code).toBe(BUSY_CODE)
  expect(failure.detail.reason).toBe('busy')
  return failure.detail.extra as { ticket: string; retryAfterMs: number }
}

describe('admission line', () => {
  it('admits a crowd in arrival order; a full line answers busy with a ticket that keeps the place', async () => {
    let clock = 1_000
    const queue = new AdmissionQueue({
      concurrency: 1,
      maxWaiting: 2,
      tokens: createTokens('s', () => clock),
      now: () => clock,
    })
    const order: string[] = []
    const first = gate()
    const work = (name: string, wait?: Promise<void>) => async () => {
      order.push(name)
      await wait
      return name
    }
    const second = gate()
    const a = queue.admit(undefined, work('a', first.done))
    clock++
    const b = queue.admit(undefined, work('b', second.done))
    clock++
    const c = queue.admit(undefined, work('c'))
    clock++
    // The line (b, c) is full: d, the last to arrive, is told busy with its arrival in a ticket.
    const d = queue.admit(undefined, work('d'))
    const { ticket, retryAfterMs } = await busyOf(d)
    expect(retryAfterMs).toBeGreaterThanOrEqual(500)
    first.open()
    await a
    await new Promise((resolve) => setImmediate(resolve))
    // b runs, c waits; e arrives after d and takes the free place in line...
    clock++
    const e = queue.admit(undefined, work('e'))
    // ...but d retries with its ticket and goes ahead of e, and e is the one told busy.
    const dAgain = queue.admit(ticket, work('d'))
    await busyOf(e)
    expect(queue.waiting).toBe(2)
    second.open()
    expect(await Promise.all([b, c, dAgain])).toEqual(['b', 'c', 'd'])
    expect(order).toEqual(['a', 'b', 'c', 'd'])
  })

  it('a ticket that is forged or of another kind is a newcomer', async () => {
    const clock = 5_000
    const tokens = createTokens('s', () => clock)
    const queue = new AdmissionQueue({ concurrency: 1, maxWaiting: 1, tokens, now: () => clock })
    const hold = gate()
    const a = queue.admit(undefined, async () => hold.done)
    const b = queue.admit(undefined, async () => 'b')
    // A session token is not an admission ticket: it does not jump the line.
    const forged = tokens.sign({ kind: 'session', sub: '1' })
    await busyOf(queue.admit(forged, async () => 'x'))
    await busyOf(queue.admit('1.abc', async () => 'y'))
    hold.open()
    await a
    expect(await b).toBe('b')
  })
})
