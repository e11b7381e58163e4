import {
  SIGNAL_PREFIX,
  SIGNAL_VERSION,
  SignalSchema,
  type Signal,
} from '../../../streams/wire/media-signal'
import { compile } from '../../../streams/wire/validate'

const signal = compile(SignalSchema)

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
  if (!signal.check(raw)) return { error: `bad signal ${signal.firstError(raw) ?? ''}` }
  return { signal: raw }
}
