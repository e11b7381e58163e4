import type { Envelope } from '../core/envelope'
import type { Event } from '../events'
import { initialState, reduce, type State } from '../projections'
import { stateFromJson } from '../projections/codec'
import { diffStates, type Change } from './diff'
import { markerKinds, type Marker } from './markers'
import { readLog, type Migration, type ReadProblem, type SessionLog } from './read'
import type { LogHeader } from '../recorder/format'

export interface ReplayOptions {
  /** A checkpoint (a kept state) every this many steps; seek folds at most this many. */
  readonly checkpointEvery?: number
}

/**
 * A replay of a session log: the same reducers, no effects and no clock (timer firings are events
 * of the log). Step n is the state after the first n envelopes (step 0: the log's starting state,
 * its snapshot when the recorder's window wrapped). States share structure, so the checkpoints
 * cost little memory.
 */
export interface Replay {
  readonly header: LogHeader<unknown>
  /** How many envelopes the log holds; steps go from 0 to length. */
  readonly length: number
  readonly envelopes: readonly Envelope<Event>[]
  /** Steps worth a mark on a timeline (joins, errors, boxes, role changes), in order. */
  readonly markers: readonly Marker[]
  /** What reading the log got past: cut-off and garbage lines, gaps in seq. */
  readonly problems: readonly ReadProblem[]
  /** The state at step n. */
  stateAt(n: number): State
  /** Moves the cursor to step n and answers its state. */
  seek(n: number): State
  readonly position: number
  /** What differs between the states at steps a and b. */
  diff(a: number, b: number): Change[]
}

/**
 * A replay that grows: envelopes are folded onto its end one at a time (the replay screen folds
 * a log in slices while its worker still reads it, so the first screen shows before the rest is
 * in). `replay` sees every envelope pushed so far; `view()` is the same replay under a new
 * identity, for a screen that re-renders what depends on the replay when it has grown.
 */
export interface ReplayBuilder {
  readonly replay: Replay
  /** Folds one more envelope onto the end (its problems, a gap before it, added first). */
  push(envelope: Envelope<Event>): void
  /** Problems reading found (gaps are marked on the envelope at their index when it comes). */
  addProblems(problems: readonly ReadProblem[]): void
  view(): Replay
}

export function createReplayBuilder(
  header: LogHeader<unknown>,
  options: ReplayOptions = {},
): ReplayBuilder {
  const every = Math.max(1, options.checkpointEvery ?? 2000)
  const envelopes: Envelope<Event>[] = []
  const start: State = header.snapshot ? stateFromJson(header.snapshot.state) : initialState
  const checkpoints: State[] = [start]
  const markers: Marker[] = []
  const problems: ReadProblem[] = []
  const gaps = new Set<number>()
  let final = start
  let position = 0
  let cursorState = start

  const stateAt = (n: number): State => {
    const step = Math.max(0, Math.min(envelopes.length, Math.floor(n)))
    if (step === envelopes.length) return final
    if (step === position) return cursorState
    // fold forward from the cursor when it is just behind, else from the nearest checkpoint
    let from = Math.floor(step / every) * every
    let s = checkpoints[from / every] as State
    if (position <= step && position > from) {
      from = position
      s = cursorState
    }
    for (let i = from; i < step; i++) s = reduce(s, (envelopes[i] as Envelope<Event>).event)
    return s
  }

  const make = (): Replay => ({
    header,
    get length() {
      return envelopes.length
    },
    envelopes,
    markers,
    problems,
    stateAt,
    seek(n) {
      const s = stateAt(n)
      position = Math.max(0, Math.min(envelopes.length, Math.floor(n)))
      cursorState = s
      return s
    },
    get position() {
      return position
    },
    diff: (a, b) => diffStates(stateAt(a), stateAt(b)),
  })
  const replay = make()
  return {
    replay,
    view: make,
    addProblems(more) {
      for (const p of more) {
        problems.push(p)
        if (p.kind === 'gap') gaps.add(p.index)
      }
    },
    push(envelope) {
      const i = envelopes.length
      const before = final
      final = reduce(final, envelope.event)
      envelopes.push(envelope)
      const kinds = markerKinds(before, final, envelope.event)
      if (gaps.has(i)) kinds.unshift('gap')
      if (kinds.length > 0) markers.push({ index: i, kinds })
      if ((i + 1) % every === 0) checkpoints.push(final)
    },
  }
}

/** A replay of a whole log, folded at once (the command line, tests, fixtures). */
export function createReplay(log: SessionLog, options: ReplayOptions = {}): Replay {
  const builder = createReplayBuilder(log.header, options)
  builder.addProblems(log.problems ?? [])
  for (let i = 0; i < log.envelopes.length; i++) builder.push(log.envelopes[i] as Envelope<Event>)
  return builder.replay
}

/** Reads an NDJSON log (migrating older formats) and prepares its replay. */
export function replayNdjson(
  text: string,
  options: ReplayOptions & { migrations?: Readonly<Record<number, Migration>> } = {},
): Replay {
  return createReplay(readLog(text, options.migrations), options)
}
