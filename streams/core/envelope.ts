/**
 * An envelope wraps one folded event. `seq` counts from 0 per session in fold order;
 * `at` is epoch milliseconds from the injected clock. A session log is a header line
 * followed by envelopes, one JSON object per line (NDJSON).
 */
export interface Envelope<E> {
  readonly seq: number
  readonly at: number
  readonly event: E
}

export interface Typed {
  readonly type: string
}
