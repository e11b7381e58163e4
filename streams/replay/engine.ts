import type { Envelope } from '../core/envelope'
import type { Event } from '../events'
import { initialState, reduce, type State } from '../projections'
import { stateFromJson } from '../projections/codec'
import { diffStates, type Change } from './diff'
import { markerKinds, type Marker, type MarkerKind } from './markers'
import { readLog, type Migration, type ReadProblem, type SessionLog } from './read'
import type { LogHeader } from '../recorder/format'
import { asList, type EnvelopeList } from './envelopes'
import { createTextEnvelopes, type LogChunk } from './text-log'

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
  /** The envelopes folded (`length` of them). */
  readonly envelopes: EnvelopeList
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
 * in). `replay` sees every envelope folded so far; `view()` is the same replay under a new
 * identity, for a screen that re-renders what depends on the replay when it has grown.
 */
export interface GrowingReplay {
  readonly replay: Replay
  /** Problems reading found (gaps are marked on the envelope at their index when it comes). */
  addProblems(problems: readonly ReadProblem[]): void
  view(): Replay
}

export interface ReplayBuilder extends GrowingReplay {
  /** Folds one more envelope onto the end (its problems, a gap before it, added first). */
  push(envelope: Envelope<Event>): void
}

/**
 * A growing replay of a log held as text (`LogChunk`s from the reader): chunks are appended as
 * they come, cheaply, and folded one envelope at a time, each parsed for its fold and let go.
 */
export interface TextReplayBuilder extends GrowingReplay {
  append(chunk: LogChunk): void
  /** Envelopes appended and not folded yet. */
  readonly pending: number
  /** Folds the next appended envelope. */
  foldNext(): void
  /** The characters of the next appended envelope's line (0: none pending): its cost to fold. */
  readonly nextSize: number
  /** The log's event types so far. */
  readonly types: readonly string[]
}

interface Store extends EnvelopeList {
  parse(index: number): Envelope<Event>
}

function createFolder(header: LogHeader<unknown>, options: ReplayOptions, store: Store) {
  const every = Math.max(1, options.checkpointEvery ?? 2000)
  const start: State = header.snapshot ? stateFromJson(header.snapshot.state) : initialState
  const checkpoints: State[] = [start]
  const markers: Marker[] = []
  const problems: ReadProblem[] = []
  const gaps = new Set<number>()
  // one array for each combination of kinds: half a million markers share a few dozen
  const kindSets = new Map<string, readonly MarkerKind[]>()
  const shared = (kinds: MarkerKind[]): readonly MarkerKind[] => {
    const key = kinds.join()
    let found = kindSets.get(key)
    if (!found) kindSets.set(key, (found = kinds))
    return found
  }
  let folded = 0
  let final = start
  let position = 0
  let cursorState = start

  const envelopes: EnvelopeList = {
    get length() {
      return folded
    },
    at: (index) => {
      const i = index < 0 ? folded + index : index
      return i >= 0 && i < folded ? store.at(i) : undefined
    },
    seqAt: (i) => store.seqAt(i),
    timeAt: (i) => store.timeAt(i),
    typeAt: (i) => store.typeAt(i),
    causeSeqAt: (i) => store.causeSeqAt(i),
  }

  const stateAt = (n: number): State => {
    const step = Math.max(0, Math.min(folded, Math.floor(n)))
    if (step === folded) return final
    if (step === position) return cursorState
    // fold forward from the cursor when it is just behind, else from the nearest checkpoint
    let from = Math.floor(step / every) * every
    let s = checkpoints[from / every] as State
    if (position <= step && position > from) {
      from = position
      s = cursorState
    }
    for (let i = from; i < step; i++) s = reduce(s, store.parse(i).event)
    return s
  }

  const make = (): Replay => ({
    header,
    get length() {
      return folded
    },
    envelopes,
    markers,
    problems,
    stateAt,
    seek(n) {
      const s = stateAt(n)
      position = Math.max(0, Math.min(folded, Math.floor(n)))
      cursorState = s
      return s
    },
    get position() {
      return position
    },
    diff: (a, b) => diffStates(stateAt(a), stateAt(b)),
  })
  return {
    replay: make(),
    view: make,
    addProblems(more: readonly ReadProblem[]) {
      for (const p of more) {
        problems.push(p)
        if (p.kind === 'gap') gaps.add(p.index)
      }
    },
    get pending() {
      return store.length - folded
    },
    foldNext() {
      const i = folded
      const event = store.parse(i).event
      const before = final
      final = reduce(final, event)
      folded++
      const kinds = markerKinds(before, final, event)
      if (gaps.has(i)) kinds.unshift('gap')
      if (kinds.length > 0) markers.push({ index: i, kinds: shared(kinds) })
      if (folded % every === 0) checkpoints.push(final)
    },
  }
}

export function createReplayBuilder(
  header: LogHeader<unknown>,
  options: ReplayOptions = {},
): ReplayBuilder {
  const array: Envelope<Event>[] = []
  const list = asList(array)
  const folder = createFolder(header, options, {
    ...list,
    get length() {
      return array.length
    },
    parse: (i) => array[i] as Envelope<Event>,
  })
  return {
    replay: folder.replay,
    view: folder.view,
    addProblems: folder.addProblems,
    push(envelope) {
      array.push(envelope)
      folder.foldNext()
    },
  }
}

export function createTextReplayBuilder(
  header: LogHeader<unknown>,
  options: ReplayOptions = {},
): TextReplayBuilder {
  const store = createTextEnvelopes()
  const folder = createFolder(header, options, store)
  return {
    replay: folder.replay,
    view: folder.view,
    addProblems: folder.addProblems,
    append: (chunk) => store.append(chunk),
    get pending() {
      return folder.pending
    },
    foldNext: folder.foldNext,
    get nextSize() {
      return folder.pending > 0 ? store.sizeAt(store.length - folder.pending) : 0
    },
    types: store.types,
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
