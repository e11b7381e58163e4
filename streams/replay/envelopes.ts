import type { Envelope } from '../core/envelope'
import type { Event } from '../events'

/**
 * A replay's envelopes, in order. A log read at once holds them as an array; a log the replay
 * screen opens holds them as text with typed-array indexes (`createTextEnvelopes`), so a million
 * events are not a million objects on the page: the fields every scan needs (seq, time, type,
 * cause) are read from the indexes, and `at` parses one envelope when it is asked for.
 */
export interface EnvelopeList {
  readonly length: number
  /** The envelope at this index (negative: from the end), or undefined outside the list. */
  at(index: number): Envelope<Event> | undefined
  seqAt(index: number): number
  timeAt(index: number): number
  typeAt(index: number): string
  /** The seq of the event that caused this one, when one did. */
  causeSeqAt(index: number): number | undefined
}

/** What the replay helpers take: a list, or an array of envelopes (tests, the command line). */
export type Envelopes = EnvelopeList | readonly Envelope<Event>[]

const lists = new WeakMap<readonly Envelope<Event>[], EnvelopeList>()

function arrayList(array: readonly Envelope<Event>[]): EnvelopeList {
  const get = (i: number) => array[i] as Envelope<Event>
  return {
    get length() {
      return array.length
    },
    at: (i) => array.at(i),
    seqAt: (i) => get(i).seq,
    timeAt: (i) => get(i).at,
    typeAt: (i) => get(i).event.type,
    causeSeqAt: (i) => get(i).cause?.seq,
  }
}

/**
 * The list of an array (one list per array, so indexes kept per list, such as the board's, are
 * found again; the list follows the array as it grows).
 */
export function asList(envelopes: Envelopes): EnvelopeList {
  if (!Array.isArray(envelopes)) return envelopes as EnvelopeList
  const array = envelopes as readonly Envelope<Event>[]
  let list = lists.get(array)
  if (!list) {
    list = arrayList(array)
    lists.set(array, list)
  }
  return list
}
