import type { Envelope } from '../core/envelope'

/** The session log format. Bump FORMAT_VERSION with a migration on read when it changes. */
export const LOG_KIND = 'roomcast-session-log'
export const FORMAT_VERSION = 1

export interface LogHeader<S> {
  readonly kind: typeof LOG_KIND
  readonly format: number
  readonly app: string
  /** Epoch ms of the session's start. */
  readonly startedAt: number
  /** Present when the window wrapped: the (redacted) state before the first envelope kept. */
  readonly snapshot?: { readonly seq: number; readonly state: S }
}

export function toNdjson<S, E>(header: LogHeader<S>, envelopes: readonly Envelope<E>[]): string {
  const lines = [JSON.stringify(header)]
  for (const envelope of envelopes) lines.push(JSON.stringify(envelope))
  return lines.join('\n') + '\n'
}
