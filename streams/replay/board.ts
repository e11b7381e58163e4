import type { Envelope } from '../core/envelope'
import type { Event } from '../events'
import { asList, type EnvelopeList, type Envelopes } from './envelopes'

/** The board's document at a step: its recorded Yjs updates in order (base64), since it opened. */
export interface BoardAtStep {
  readonly updates: readonly string[]
  /** Updates too large to be kept in the log, in bytes: the drawing shown lacks them. */
  readonly omittedBytes: number
}

/** Events after which the board's document starts again from nothing (a new session). */
const RESETS: ReadonlySet<string> = new Set(['board/left', 'board/joinFailed', 'life/exited'])

interface BoardIndex {
  scanned: number
  /** Indexes of board/updated envelopes, and of resets, in order. */
  readonly updates: number[]
  readonly resets: number[]
}

const indexes = new WeakMap<EnvelopeList, BoardIndex>()

/** The index of a log's board events, extended to cover what was pushed since (a log grows). */
function indexOf(envelopes: EnvelopeList): BoardIndex {
  let index = indexes.get(envelopes)
  if (!index) {
    index = { scanned: 0, updates: [], resets: [] }
    indexes.set(envelopes, index)
  }
  for (let i = index.scanned; i < envelopes.length; i++) {
    const type = envelopes.typeAt(i)
    if (type === 'board/updated') index.updates.push(i)
    else if (RESETS.has(type)) index.resets.push(i)
  }
  index.scanned = envelopes.length
  return index
}

/** How many of the sorted `xs` are below `limit`. */
function countBelow(xs: readonly number[], limit: number): number {
  let lo = 0
  let hi = xs.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((xs[mid] as number) < limit) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * The board as it was at step `step` (after the first `step` envelopes): the updates recorded
 * since the board session that was open then began, or null when no update was recorded in it
 * (no board, or a log from before the board was recorded).
 */
export function boardAt(envelopes: Envelopes, step: number): BoardAtStep | null {
  const list = asList(envelopes)
  const index = indexOf(list)
  const resetsBefore = countBelow(index.resets, step)
  const from = resetsBefore > 0 ? (index.resets[resetsBefore - 1] as number) + 1 : 0
  const first = countBelow(index.updates, from)
  const last = countBelow(index.updates, step)
  if (last <= first) return null
  const updates: string[] = []
  let omittedBytes = 0
  for (let k = first; k < last; k++) {
    const event = (list.at(index.updates[k] as number) as Envelope<Event>).event
    if (event.type !== 'board/updated') continue
    if (event.update) updates.push(event.update)
    else omittedBytes += event.omitted ?? 0
  }
  return { updates, omittedBytes }
}
