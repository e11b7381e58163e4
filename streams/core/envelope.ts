import type { Cause } from './cause'

/**
 * An envelope wraps one folded event. `seq` counts from 0 per session in fold order;
 * `at` is epoch milliseconds from the injected clock. A session log is a header line
 * followed by envelopes, one JSON object per line (NDJSON).
 */
export interface Envelope<E> {
  readonly seq: number
  readonly at: number
  readonly event: E
  /** For an event an effect or adapter produced: which, and the event that triggered it. */
  readonly cause?: Cause
}

export interface Typed {
  readonly type: string
}
