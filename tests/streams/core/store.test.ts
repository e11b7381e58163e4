import { map, filter } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { combineProjections, defineProjection } from '@streams/core/projection'
import { createStore, type Effect } from '@streams/core/store'
import type { Envelope } from '@streams/core/envelope'

type E = { type: 'a/pinged'; n: number } | { type: 'a/ponged'; n: number } | { type: 'b/ignored' }
interface Root {
  count: { pings: number; pongs: number }
  log: { seen: string[] }
}

const count = defineProjection<Root['count'], E>(
  { pings: 0, pongs: 0 },
  {
    'a/pinged': (s) => ({ ...s, pings: s.pings + 1 }),
    'a/ponged': (s) => ({ ...s, pongs: s.pongs + 1 }),
  },
)
const log = defineProjection<Root['log'], E, Pick<Root, 'count'>>(
  { seen: [] },
  // A handler sees the slices it declares, as they were before the event.
  {
    'a/ponged': (s, e, { count }) => ({
      seen: [...s.seen, `pong ${e.n} after ${count.pings} pings`],
    }),
  },
)
const root = combineProjections<E, Root>({ count, log })

// A projection reads only the slices it declares: reading another does not compile.
defineProjection<Root['count'], E, Pick<Root, 'count'>>(
  { pings: 0, pongs: 0 },
  {
    // @ts-expect-error `log` is not among the declared reads
    'a/pinged': (s, _e, reads) => ({ ...s, pings: reads.log.seen.length }),
  },
)
defineProjection<Root['count'], E>(
  { pings: 0, pongs: 0 },
  {
    // @ts-expect-error a projection that declares no reads reads nothing of the root
    'a/pinged': (s, _e, reads) => ({ ...s, pings: reads.count.pings }),
  },
)

describe('the bus', () => {
  it('folds events in order and numbers them from 0 with the injected clock', () => {
    let t = 1000
    const store = createStore<Root, E>({ ...root, initialState: root.initialState, now: () => t++ })
    const envelopes: Envelope<E>[] = []
    store.envelope$.subscribe((e) => envelopes.push(e))
    store.dispatch({ type: 'a/pinged', n: 1 })
    store.dispatch({ type: 'a/ponged', n: 1 })
    expect(store.getState().count).toEqual({ pings: 1, pongs: 1 })
    expect(envelopes.map((e) => [e.seq, e.at, e.event.type])).toEqual([
      [0, 1000, 'a/pinged'],
      [1, 1001, 'a/ponged'],
    ])
  })

  it('queues events that effects dispatch while one is folding, so seq order is fold order', () => {
    const echo: Effect<Root, E, undefined> = (event$) =>
      event$.pipe(
        filter((e): e is Extract<E, { type: 'a/pinged' }> => e.type === 'a/pinged'),
        map((e): E => ({ type: 'a/ponged', n: e.n })),
      )
    const store = createStore<Root, E>({ ...root, now: () => 0, effects: [echo] })
    const order: string[] = []
    store.envelope$.subscribe((e) => order.push(`${e.seq}:${e.event.type}`))
    store.dispatch({ type: 'a/pinged', n: 1 })
    store.dispatch({ type: 'a/pinged', n: 2 })
    expect(order).toEqual(['0:a/pinged', '1:a/ponged', '2:a/pinged', '3:a/ponged'])
    expect(store.getState().log.seen).toEqual(['pong 1 after 1 pings', 'pong 2 after 2 pings'])
  })

  it('keeps the same state object for events no projection names', () => {
    const store = createStore<Root, E>({ ...root, now: () => 0 })
    const before = store.getState()
    store.dispatch({ type: 'b/ignored' })
    expect(store.getState()).toBe(before)
  })

  it('gives a new subscriber the current state at once', () => {
    const store = createStore<Root, E>({ ...root, now: () => 0 })
    store.dispatch({ type: 'a/pinged', n: 1 })
    let seen: Root | undefined
    store.state$.subscribe((s) => (seen = s)).unsubscribe()
    expect(seen?.count.pings).toBe(1)
  })
})

describe('effect isolation', () => {
  type F = E | { type: 'core/effectFailed'; effect: string; message: string } | { type: 'a/boom' }
  const countF = defineProjection<Root['count'], F, Root>(
    { pings: 0, pongs: 0 },
    { 'a/ponged': (s) => ({ ...s, pongs: s.pongs + 1 }) },
  )
  const logF = defineProjection<Root['log'], F, Root>({ seen: [] }, {})
  const rootF = combineProjections<F, Root>({ count: countF, log: logF })
  const echo: Effect<Root, F, undefined> = (event$) =>
    event$.pipe(
      filter((e): e is Extract<F, { type: 'a/pinged' }> => e.type === 'a/pinged'),
      map((e): F => ({ type: 'a/ponged', n: e.n })),
    )
  const thrower: Effect<Root, F, undefined> = function throwsOnBoom(event$) {
    return event$.pipe(
      filter((e) => e.type === 'a/boom'),
      map((): F => {
        throw new Error('kaboom')
      }),
    )
  }

  it('keeps every other effect running when one throws, and reports the throw as an event', () => {
    const store = createStore<Root, F>({
      ...rootF,
      now: () => 0,
      effects: [thrower, echo],
      effectFailed: (effect, error) => ({
        type: 'core/effectFailed',
        effect,
        message: error instanceof Error ? error.message : String(error),
      }),
    })
    const seen: F[] = []
    store.event$.subscribe((e) => seen.push(e))
    store.dispatch({ type: 'a/boom' })
    store.dispatch({ type: 'a/pinged', n: 1 })
    expect(seen).toContainEqual({
      type: 'core/effectFailed',
      effect: 'throwsOnBoom',
      message: 'kaboom',
    })
    expect(store.getState().count.pongs).toBe(1)
  })

  it('re-subscribes the effect that threw, so it answers the next event too', () => {
    const failures: string[] = []
    const store = createStore<Root, F>({
      ...rootF,
      now: () => 0,
      effects: [thrower, echo],
      effectFailed: (effect, error) => {
        failures.push(`${effect}: ${(error as Error).message}`)
        return { type: 'core/effectFailed', effect, message: (error as Error).message }
      },
    })
    store.dispatch({ type: 'a/boom' })
    store.dispatch({ type: 'a/boom' })
    store.dispatch({ type: 'a/pinged', n: 2 })
    expect(failures).toEqual(['throwsOnBoom: kaboom', 'throwsOnBoom: kaboom'])
    expect(store.getState().count.pongs).toBe(1)
  })

  it('stops re-subscribing an effect that throws on every subscription, and says so', () => {
    let subscriptions = 0
    const broken: Effect<Root, F, undefined> = function brokenAtStart() {
      subscriptions++
      throw new Error('cannot start')
    }
    const messages: string[] = []
    const store = createStore<Root, F>({
      ...rootF,
      now: () => 0,
      effects: [broken, echo],
      effectFailed: (effect, error) => {
        messages.push((error as Error).message)
        return { type: 'core/effectFailed', effect, message: (error as Error).message }
      },
    })
    store.dispatch({ type: 'a/pinged', n: 3 })
    expect(store.getState().count.pongs).toBe(1)
    expect(subscriptions).toBeLessThanOrEqual(11)
    expect(messages.at(-1)).toMatch(/gave up/)
  })
})
