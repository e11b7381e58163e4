import {
  SIGNAL_PREFIX,
  SIGNAL_VERSION,
  SignalSchema,
  type Signal,
} from '@streams/wire/media-signal'
import { compile } from '@streams/wire/validate'

/** One validator per signal tag, so a refusal names the field at fault. */
const byTag = new Map(
  SignalSchema.anyOf.map((schema) => [schema.properties.t.const as string, compile(schema)]),
)

/** Distributes Omit over a union, so each signal keeps its own fields. */
type Body<T> = T extends unknown ? Omit<T, 'rtc' | 'ch'> : never
export type SignalBody = Body<Signal>

/** Whether a peer-message text is a media signal (cheap prefix test, no parse). */
export const isSignalText = (text: string): boolean => text.startsWith(SIGNAL_PREFIX)

/** One signal of a media session as a peer-message text; `rtc` first, so the prefix test holds. */
export function encodeSignal(channel: string, body: SignalBody): string {
  return JSON.stringify({ rtc: SIGNAL_VERSION, ch: channel, ...body })
}

/** A signal, or the reason the text is not a valid one. */
export function decodeSignal(text: string): { signal: Signal } | { error: string } {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { error: 'signal is not JSON' }
  }
  const tag = typeof raw === 'object' && raw !== null && 't' in raw ? raw.t : undefined
  const validator = typeof tag === 'string' ? byTag.get(tag) : undefined
  if (!validator) return { error: `unknown signal ${JSON.stringify(tag)}` }
  if (!validator.check(raw)) return { error: `bad signal ${validator.firstError(raw) ?? ''}` }
  return { signal: raw as Signal }
}
