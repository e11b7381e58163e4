import { asList, type Envelopes } from './envelopes'
import { parseTime, stepAtTime, stepOfSeq } from './query'

/**
 * Why a position given by a person names no step of the log: not a number or a time, a seq
 * outside the log, a seq missing from it (in a gap), a time after its end.
 */
export type PositionProblem =
  | { readonly kind: 'notSeq'; readonly text: string }
  | { readonly kind: 'notTime'; readonly text: string }
  | { readonly kind: 'emptyLog' }
  | {
      readonly kind: 'seqOutside'
      readonly seq: number
      readonly first: number
      readonly last: number
    }
  | { readonly kind: 'seqMissing'; readonly seq: number }
  | { readonly kind: 'timeOutside'; readonly ms: number; readonly duration: number }

export type Position =
  | { readonly ok: true; readonly step: number }
  | { readonly ok: false; readonly problem: PositionProblem }

const fail = (problem: PositionProblem): Position => ({ ok: false, problem })

/**
 * The step a seq names (the state after that event), checked: a seq must be one of the log's,
 * from its first to its last, and not one a gap lost. Never clamped.
 */
export function positionOfSeq(envelopes: Envelopes, text: string): Position {
  const list = asList(envelopes)
  const t = text.trim()
  if (!/^-?\d+$/.test(t)) return fail({ kind: 'notSeq', text })
  if (list.length === 0) return fail({ kind: 'emptyLog' })
  const seq = Number(t)
  const first = list.seqAt(0)
  const last = list.seqAt(list.length - 1)
  if (seq < first || seq > last) return fail({ kind: 'seqOutside', seq, first, last })
  const step = stepOfSeq(list, seq)
  if (list.seqAt(step - 1) !== seq) return fail({ kind: 'seqMissing', seq })
  return { ok: true, step }
}

/**
 * The step at a time from the log's start (seconds, or m:ss.mmm), checked: a time after the
 * log's last event is refused, not clamped.
 */
export function positionOfTime(envelopes: Envelopes, startedAt: number, text: string): Position {
  const list = asList(envelopes)
  const ms = parseTime(text)
  if (Number.isNaN(ms)) return fail({ kind: 'notTime', text })
  const duration = (list.length > 0 ? list.timeAt(list.length - 1) : startedAt) - startedAt
  if (ms > duration) return fail({ kind: 'timeOutside', ms, duration })
  return { ok: true, step: stepAtTime(list, startedAt, ms) }
}
