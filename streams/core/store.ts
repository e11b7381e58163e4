import {
  BehaviorSubject,
  catchError,
  concat,
  EMPTY,
  merge,
  Observable,
  of,
  Subject,
  type Subscription,
} from 'rxjs'
import { causeOf, deliver, type Cause, type EffectTrace } from './cause'
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
  /**
   * The event that reports an effect's throw (named by the effect function's name). The effect
   * is then subscribed again, so it answers the next event; the others never stop.
   */
  readonly effectFailed?: (effect: string, error: unknown) => E
}

/**
 * An effect that throws again while being subscribed anew this many times in a row is given up
 * (NgRx's default effects error handler stops after 10 too), so a broken one cannot spin.
 */
export const EFFECT_RESTARTS = 10

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
  const queue: { event: E; cause: Cause | undefined }[] = []
  let draining = false
  /** The seq of the event being handed to the effects. */
  let current = -1
  const state$ = new BehaviorSubject<S>(state)
  const envelope$ = new Subject<Envelope<E>>()
  const event$ = new Subject<E>()

  const enqueue = (event: E, cause: Cause | undefined): void => {
    queue.push({ event, cause })
    if (draining) return
    draining = true
    try {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const envelope: Envelope<E> = next.cause
          ? { seq: seq++, at: now(), event: next.event, cause: next.cause }
          : { seq: seq++, at: now(), event: next.event }
        state = reduce(state, next.event)
        envelope$.next(envelope)
        if (state !== state$.getValue()) state$.next(state)
        current = envelope.seq
        event$.next(next.event)
      }
    } finally {
      draining = false
    }
  }
  const dispatch = (event: E): void => enqueue(event, undefined)

  let effects: Subscription | undefined
  if (options.effects && options.effects.length > 0) {
    const deps = options.deps as D
    // Each effect sees the events through its own door, so what passes its filters is noted as
    // its trigger, and what it emits is recorded with that cause.
    const run = (effect: Effect<S, E, D>) => {
      const name = effect.name || 'effect'
      const trace: EffectTrace = { trigger: undefined }
      const events = new Observable<E>((subscriber) =>
        event$.subscribe({
          next: (event) => deliver(trace, current, () => subscriber.next(event)),
          error: (error: unknown) => subscriber.error(error),
          complete: () => subscriber.complete(),
        }),
      )
      return isolate(
        name,
        () =>
          new Observable<{ event: E; cause: Cause }>((subscriber) =>
            effect(events, state$.asObservable(), deps).subscribe({
              next: (event) => subscriber.next({ event, cause: causeOf(name, trace) }),
              error: (error: unknown) => subscriber.error(error),
              complete: () => subscriber.complete(),
            }),
          ),
        options.effectFailed
          ? (effect, error) => ({
              event: options.effectFailed!(effect, error),
              cause: { by: effect },
            })
          : undefined,
      )
    }
    effects = merge(...options.effects.map(run)).subscribe({
      next: ({ event, cause }) => enqueue(event, cause),
    })
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

/**
 * Runs one effect so that its throw stops only itself, and only for a moment: the error is
 * reported as an event and the effect subscribed again (an effect is a function of the event
 * stream, so the new subscription answers the next event). A throw during a fresh subscription
 * counts towards giving up; one after the effect has run resets the count.
 */
function isolate<E>(
  name: string,
  start: () => Observable<E>,
  failed: ((effect: string, error: unknown) => E) | undefined,
): Observable<E> {
  let starting = false
  let failuresAtStart = 0
  const started = new Observable<E>((subscriber) => {
    starting = true
    try {
      return start().subscribe(subscriber)
    } catch (error) {
      subscriber.error(error)
      return undefined
    } finally {
      starting = false
    }
  })
  const report = (error: unknown) => (failed ? of(failed(name, error)) : EMPTY)
  return started.pipe(
    catchError((error: unknown, again: Observable<E>) => {
      failuresAtStart = starting ? failuresAtStart + 1 : 0
      if (failuresAtStart < EFFECT_RESTARTS) return concat(report(error), again)
      const message = error instanceof Error ? error.message : String(error)
      return report(new Error(`gave up after ${EFFECT_RESTARTS} failed starts: ${message}`))
    }),
  )
}
