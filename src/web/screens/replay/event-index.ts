import type { Envelope } from '@streams/core/envelope'
import type { Event } from '@streams/events'
import { asList, type EnvelopeList, type Envelopes } from '@streams/replay/envelopes'
import { matchesFilter, sourceOf, type EventFilter } from '@streams/replay/query'

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

/**
 * Whether an event's type passes a filter's source and type parts (a type is the same test for
 * every event of it: answered once a type).
 */
function typeTest(filter: EventFilter): (type: string) => boolean {
  const sources = filter.source?.trim() ? filter.source.split(',').map((s) => s.trim()) : null
  const part = filter.type?.trim().toLowerCase()
  const known = new Map<string, boolean>()
  return (type) => {
    let ok = known.get(type)
    if (ok === undefined) {
      ok =
        (!sources || sources.includes(sourceOf(type))) &&
        (!part || type.toLowerCase().includes(part))
      known.set(type, ok)
    }
    return ok
  }
}

export function filterEvents(envelopes: Envelopes, filter: EventFilter): EventIndex {
  const list = asList(envelopes)
  if (isEmpty(filter)) return allOf(list.length)
  const typeOk = typeTest(filter)
  // the user part needs the event itself: parsed only for events of a type that passes
  if (!filter.user?.trim()) return indexWhere(list, (l, i) => typeOk(l.typeAt(i)))
  return indexWhere(
    list,
    (l, i) => typeOk(l.typeAt(i)) && matchesFilter((l.at(i) as Envelope<Event>).event, filter),
  )
}

/**
 * The rows of the envelopes a test keeps (the network and errors panels). The test gets the list
 * and an index: what it can tell from the type (`typeAt`) needs no parsing of the event.
 */
export function indexWhere(
  envelopes: Envelopes,
  keep: (list: EnvelopeList, index: number) => boolean,
): EventIndex {
  const list = asList(envelopes)
  const kept = new Int32Array(list.length)
  let size = 0
  for (let i = 0; i < list.length; i++) if (keep(list, i)) kept[size++] = i
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
