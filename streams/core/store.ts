import { BehaviorSubject, merge, Subject, type Observable, type Subscription } from 'rxjs'
import type { Envelope, Typed } from './envelope'

/** An effect answers events with events: `(event$, state$, deps) => Observable<Event>`. */
export type Effect<S, E extends Typed, D> = (
  event$: Observable<E>,
  state$: Observable<S>,
  deps: D,
) => Observable<E>

export interface StoreOptions<S, E extends Typed, D> {
  readonly initialState: S
  readonly reduce: (state: S, event: E) => S
  /** Epoch milliseconds; injected so tests and replay control time. */
  readonly now: () => number
  readonly effects?: readonly Effect<S, E, D>[]
  readonly deps?: D
  /** First seq to assign (a replay resuming from a snapshot continues its numbering). */
  readonly firstSeq?: number
}

export interface Store<S, E extends Typed> {
  dispatch(event: E): void
  getState(): S
  /** The current state, then every change. */
  readonly state$: Observable<S>
  /** Every folded event in fold order, before effects see it. */
  readonly envelope$: Observable<Envelope<E>>
  /** Events after they are folded (what effects observe). */
  readonly event$: Observable<E>
  stop(): void
}

/**
 * The one bus. Events dispatched while another is being folded (effects answering it) are queued
 * and folded after it, so `seq` order is fold order and the log replays exactly.
 */
export function createStore<S, E extends Typed, D = undefined>(
  options: StoreOptions<S, E, D>,
): Store<S, E> {
  const { reduce, now } = options
  let state = options.initialState
  let seq = options.firstSeq ?? 0
  const queue: E[] = []
  let draining = false
  const state$ = new BehaviorSubject<S>(state)
  const envelope$ = new Subject<Envelope<E>>()
  const event$ = new Subject<E>()

  const dispatch = (event: E): void => {
    queue.push(event)
    if (draining) return
    draining = true
    try {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const envelope: Envelope<E> = { seq: seq++, at: now(), event: next }
        state = reduce(state, next)
        envelope$.next(envelope)
        if (state !== state$.getValue()) state$.next(state)
        event$.next(next)
      }
    } finally {
      draining = false
    }
  }

  let effects: Subscription | undefined
  if (options.effects && options.effects.length > 0) {
    const deps = options.deps as D
    effects = merge(
      ...options.effects.map((effect) =>
        effect(event$.asObservable(), state$.asObservable(), deps),
      ),
    ).subscribe({ next: dispatch })
  }

  return {
    dispatch,
    getState: () => state,
    state$: state$.asObservable(),
    envelope$: envelope$.asObservable(),
    event$: event$.asObservable(),
    stop() {
      effects?.unsubscribe()
      envelope$.complete()
      event$.complete()
      state$.complete()
    },
  }
}
