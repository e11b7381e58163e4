import type { Cause } from '../core/cause'
import type { Envelope } from '../core/envelope'
import type { Event } from '../events'
import { reduce, type State } from '../projections'
import { asList, type Envelopes } from './envelopes'
import type { Replay } from './engine'
import { sourceOf } from './query'

/** The effect that hands adapters' events to the bus: its events name the adapter instead. */
const ADAPTERS = 'adapterEventsEffect'

/** Who produced an event, for people: an effect's name, 'adapter rtm', or null (the user, the app). */
export function producerOf(envelope: Envelope<Event>): string | null {
  const cause: Cause | undefined = envelope.cause
  if (!cause) return null
  return cause.by === ADAPTERS ? `adapter ${sourceOf(envelope.event.type)}` : cause.by
}

/**
 * The events each event caused (by the seq recorded as their cause), as envelope indexes. One
 * pass over the log, built when first asked.
 */
export function effectsIndex(envelopes: Envelopes): ReadonlyMap<number, number[]> {
  const list = asList(envelopes)
  const out = new Map<number, number[]>()
  for (let i = 0; i < list.length; i++) {
    const seq = list.causeSeqAt(i)
    if (seq === undefined) continue
    const effects = out.get(seq)
    if (effects) effects.push(i)
    else out.set(seq, [i])
  }
  return out
}

/**
 * The state at a step with some events skipped (by envelope index), as if they had never come:
 * the state before the first skipped one, then every later event but the skipped ones. What an
 * event's effect on the outcome was, Redux DevTools' "skip". A move forward with the same skips
 * folds on from the last answer.
 */
export function createSkipper(replay: Replay) {
  let last: { key: string; step: number; state: State } | null = null
  return (step: number, skipped: ReadonlySet<number>): State => {
    if (skipped.size === 0) return replay.stateAt(step)
    const first = Math.min(...skipped)
    if (step <= first) return replay.stateAt(step)
    const key = [...skipped].sort((a, b) => a - b).join(',')
    let from = first
    let state = replay.stateAt(first)
    if (last && last.key === key && last.step <= step && last.step > first) {
      from = last.step
      state = last.state
    }
    for (let i = from; i < step; i++)
      if (!skipped.has(i)) state = reduce(state, (replay.envelopes.at(i) as Envelope<Event>).event)
    last = { key, step, state }
    return state
  }
}
