import type { Observable, Subscription } from 'rxjs'
import type { Envelope, Typed } from '../core/envelope'
import { FORMAT_VERSION, LOG_KIND, toNdjson, type LogHeader } from './format'
import { redact } from './redact'

export interface RecorderOptions<S, E extends Typed> {
  readonly envelope$: Observable<Envelope<E>>
  readonly initialState: S
  readonly reduce: (state: S, event: E) => S
  readonly app: string
  readonly startedAt: number
  /** Newest envelopes kept; older ones are folded into the snapshot. */
  readonly window?: number
}

export interface Recorder<S, E> {
  /** The kept envelopes, oldest first (already redacted). */
  envelopes(): readonly Envelope<E>[]
  header(): LogHeader<S>
  /** The whole log as NDJSON: a header line, then one envelope a line. */
  toNdjson(): string
  stop(): void
}

/**
 * Always on, bounded: keeps the newest `window` envelopes in a ring. An envelope pushed out is
 * folded into a snapshot state, so a wrapped log still replays on its own. Secrets are redacted
 * when an envelope is recorded, so they are never held, folded into the snapshot, or exported.
 */
export function createRecorder<S, E extends Typed>(options: RecorderOptions<S, E>): Recorder<S, E> {
  const size = Math.max(1, options.window ?? 50_000)
  const ring: (Envelope<E> | undefined)[] = new Array<Envelope<E> | undefined>(size)
  let start = 0
  let count = 0
  let snapshot: { seq: number; state: S } | undefined
  const subscription: Subscription = options.envelope$.subscribe((envelope) => {
    const kept = redact(envelope)
    if (count < size) {
      ring[(start + count) % size] = kept
      count++
      return
    }
    const evicted = ring[start] as Envelope<E>
    const base = snapshot?.state ?? redact(options.initialState)
    snapshot = { seq: evicted.seq + 1, state: options.reduce(base, evicted.event) }
    ring[start] = kept
    start = (start + 1) % size
  })

  const envelopes = (): Envelope<E>[] => {
    const out: Envelope<E>[] = []
    for (let i = 0; i < count; i++) out.push(ring[(start + i) % size] as Envelope<E>)
    return out
  }
  const header = (): LogHeader<S> => ({
    kind: LOG_KIND,
    format: FORMAT_VERSION,
    app: options.app,
    startedAt: options.startedAt,
    ...(snapshot ? { snapshot } : {}),
  })
  return {
    envelopes,
    header,
    toNdjson: () => toNdjson(header(), envelopes()),
    stop: () => subscription.unsubscribe(),
  }
}
