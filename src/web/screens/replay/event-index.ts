import type { Envelope } from '@streams/core/envelope'
import type { Event } from '@streams/events'
import { matchesFilter, type EventFilter } from '@streams/replay/query'

/**
 * The rows of the event list: the indexes of the envelopes a filter keeps, in order. Built once
 * per filter (one pass over the log); finding the current step's row is a binary search.
 */
export interface EventIndex {
  readonly size: number
  /** The envelope index of row `row`. */
  envelopeAt(row: number): number
  /** The last row at or before an envelope index (-1 when none), and whether it is that one. */
  rowOf(envelope: number): { readonly row: number; readonly exact: boolean }
}

const isEmpty = (f: EventFilter) => !f.source?.trim() && !f.type?.trim() && !f.user?.trim()

/** Every envelope, no filter: no list to build. */
function allOf(length: number): EventIndex {
  return {
    size: length,
    envelopeAt: (row) => row,
    rowOf: (envelope) => {
      const row = Math.min(envelope, length - 1)
      return { row, exact: row === envelope && row >= 0 }
    },
  }
}

export function filterEvents(
  envelopes: readonly Envelope<Event>[],
  filter: EventFilter,
): EventIndex {
  if (isEmpty(filter)) return allOf(envelopes.length)
  return indexWhere(envelopes, (e) => matchesFilter(e.event, filter))
}

/** The rows of the envelopes a test keeps (the network and errors panels). */
export function indexWhere(
  envelopes: readonly Envelope<Event>[],
  keep: (envelope: Envelope<Event>) => boolean,
): EventIndex {
  const kept = new Int32Array(envelopes.length)
  let size = 0
  for (let i = 0; i < envelopes.length; i++)
    if (keep(envelopes[i] as Envelope<Event>)) kept[size++] = i
  const rows = kept.subarray(0, size)
  return {
    size,
    envelopeAt: (row) => rows[row] as number,
    rowOf: (envelope) => {
      // the first row after the envelope, minus one
      let lo = 0
      let hi = size
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if ((rows[mid] as number) <= envelope) lo = mid + 1
        else hi = mid
      }
      const row = lo - 1
      return { row, exact: row >= 0 && rows[row] === envelope }
    },
  }
}
