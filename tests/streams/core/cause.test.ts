import { delay, map, Subject, type Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '@streams/core/envelope'
import { ofType } from '@streams/core/of-type'
import { createStore, type Effect } from '@streams/core/store'

type E =
  | { type: 'ui/asked'; n: number }
  | { type: 'rest/answered'; n: number }
  | { type: 'timer/due'; n: number }
  | { type: 'net/news' }
  | { type: 'ui/other' }

const withName = <T extends object>(f: T, name: string) =>
  Object.defineProperty(f, 'name', { value: name })

describe('causes', () => {
  it('records with each derived event the effect that emitted it and the event that triggered it', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b))
    scheduler.run(({ flush }) => {
      const news = new Subject<E>()
      // answers at once
      const answer: Effect<null, E, undefined> = (event$) =>
        event$.pipe(
          ofType('ui/asked'),
          map((e) => ({ type: 'rest/answered' as const, n: e.n })),
        )
      // answers later (a timer): the cause is still the event that passed its filter
      const later: Effect<null, E, undefined> = (event$) =>
        event$.pipe(
          ofType('rest/answered'),
          delay(100),
          map((e) => ({ type: 'timer/due' as const, n: e.n })),
        )
      // an adapter: news from outside, triggered by nothing in the log
      const adapter: Effect<null, E, undefined> = () => news as Observable<E>
      const store = createStore<null, E>({
        initialState: null,
        reduce: (s) => s,
        now: () => 0,
        effects: [
          withName(answer, 'answerEffect'),
          withName(later, 'laterEffect'),
          withName(adapter, 'adapterEventsEffect'),
        ],
      })
      const log: Envelope<E>[] = []
      store.envelope$.subscribe((e) => log.push(e))
      store.dispatch({ type: 'ui/asked', n: 1 })
      store.dispatch({ type: 'ui/other' })
      news.next({ type: 'net/news' })
      flush()
      expect(log.map((e) => [e.seq, e.event.type, e.cause])).toEqual([
        [0, 'ui/asked', undefined],
        [1, 'rest/answered', { by: 'answerEffect', seq: 0 }],
        [2, 'ui/other', undefined],
        [3, 'net/news', { by: 'adapterEventsEffect' }],
        [4, 'timer/due', { by: 'laterEffect', seq: 1 }],
      ])
    })
  })
})
