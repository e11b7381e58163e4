/**
 * The measurements of `bench:fold`, the same in every JavaScript engine: this module imports
 * nothing of Node or the DOM, so `fold.ts` runs it in Node and, bundled, in Chromium. What only
 * the host knows (forcing a GC and reading the heap, CPU time) comes in as a `Runtime`.
 */
import type { Event } from '@streams/events'
import { initialState, reduce, type State } from '@streams/projections'
import { toNdjson, FORMAT_VERSION, LOG_KIND } from '@streams/recorder/format'
import { createReplay } from '@streams/replay/engine'
import { readLog } from '@streams/replay/read'
import { generateLog, prng } from './fold-log'

export interface Runtime {
  /**
   * The JS heap in use after a full collection, in MB; null when this engine cannot force one.
   * A promise where the host reads it from outside (Chromium's, through the DevTools protocol).
   */
  heapMB(): number | null | Promise<number | null>
  /** This thread's CPU time so far, in ms; null when the engine does not tell. */
  cpuMs(): number | null
}

export interface FoldFigures {
  events: number
  foldNoParseMs: number
  foldNoParseCpuMs: number | null
  /** Every one of the three folds, in run order: the spread is the machine's noise. */
  foldNoParseRunsMs: number[]
  foldWithParseMs: number
  replayBuildMs: number
  checkpointEvery: number
  seekMedianMs: number
  seekMaxMs: number
  refoldSeekMedianMs: number
  refoldSeekMaxMs: number
  statePerEventFoldMs: number
  replayRetainedMB: number | null
  statePerEventRetainedMB: number | null
  logInMemoryMB: number | null
  /** A digest of the final state's JSON: every engine must fold the log to the same state. */
  finalState: string
}

const SEEKS = 100

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2
}
/** Rounded to 0.1. */
export const r1 = (x: number) => Math.round(x * 10) / 10
const r3 = (x: number) => Math.round(x * 1000) / 1000
const minus = (a: number | null, b: number | null) => (a === null || b === null ? null : r1(a - b))

/** FNV-1a of a string and its length: enough to tell two engines' final states apart. */
function digest(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return `${text.length}:${(h >>> 0).toString(16)}`
}

export async function runFoldBench(
  count: number,
  checkpointEvery: number,
  runtime: Runtime,
  say: (line: string) => void,
): Promise<FoldFigures> {
  function measure<T>(run: () => T): { value: T; wallMs: number; cpuMs: number | null } {
    const cpu = runtime.cpuMs()
    const start = performance.now()
    const value = run()
    const wallMs = performance.now() - start
    const cpuEnd = runtime.cpuMs()
    return { value, wallMs, cpuMs: cpu === null || cpuEnd === null ? null : cpuEnd - cpu }
  }
  const foldTo = (events: readonly Event[], n: number) => {
    let s: State = initialState
    for (let i = 0; i < n; i++) s = reduce(s, events[i] as Event)
    return s
  }

  const generated = measure(() => generateLog(count))
  const text = toNdjson(
    { kind: LOG_KIND, format: FORMAT_VERSION, app: 'bench', startedAt: 0 },
    generated.value,
  )
  generated.value.length = 0
  say(`generated in ${r1(generated.wallMs / 1000)} s; NDJSON ${r1(text.length / 2 ** 20)} MB`)

  // With parsing: read the NDJSON log, then fold it.
  const parsedFold = measure(() => {
    const log = readLog(text)
    let s: State = initialState
    for (const e of log.envelopes) s = reduce(s, e.event)
    return { log, s }
  })
  const log = parsedFold.value.log
  const events = log.envelopes.map((e) => e.event)
  const baseHeap = await runtime.heapMB()

  // Without parsing: the events are in memory; the best of three runs (the first warms the JIT).
  const folds = [0, 1, 2].map(() => measure(() => foldTo(events, events.length)))
  const fold = folds.reduce((a, b) => (b.wallMs < a.wallMs ? b : a))
  const final = fold.value
  say(
    `final state: ${final.users.audiences.size + final.users.hosts.size} members, ${final.chat.messages.size} chat lines`,
  )
  const finalState = digest(JSON.stringify(final))

  // Baseline 2: a state per event, as Redux DevTools keeps them.
  const beforeStates = await runtime.heapMB()
  const perEvent = measure(() => {
    const states: State[] = new Array(events.length)
    let s: State = initialState
    for (let i = 0; i < events.length; i++) states[i] = s = reduce(s, events[i] as Event)
    return states
  })
  const statesHeap = await runtime.heapMB()
  perEvent.value.length = 0
  const afterStates = await runtime.heapMB()

  // The replay engine: one fold keeping a checkpoint every `checkpointEvery` steps.
  const built = measure(() => createReplay(log, { checkpointEvery }))
  const replay = built.value
  const replayHeap = await runtime.heapMB()

  const random = prng(7)
  const positions = Array.from({ length: SEEKS }, () => Math.floor(random() * (events.length + 1)))
  const seeks = positions.map((n) => measure(() => replay.stateAt(n)).wallMs)

  // Baseline 1: re-fold from the start for each seek.
  const refolds = positions.map((n) => measure(() => foldTo(events, n)).wallMs)
  // the engine answers the same states as a fold from the start
  for (const n of positions.slice(0, 5))
    if (JSON.stringify(foldTo(events, n)) !== JSON.stringify(replay.stateAt(n)))
      throw new Error(`seek ${n} differs from a fold`)

  return {
    events: events.length,
    foldNoParseMs: r1(fold.wallMs),
    foldNoParseCpuMs: fold.cpuMs === null ? null : r1(fold.cpuMs),
    foldNoParseRunsMs: folds.map((f) => r1(f.wallMs)),
    foldWithParseMs: r1(parsedFold.wallMs),
    replayBuildMs: r1(built.wallMs),
    checkpointEvery,
    seekMedianMs: r3(median(seeks)),
    seekMaxMs: r3(Math.max(...seeks)),
    refoldSeekMedianMs: r1(median(refolds)),
    refoldSeekMaxMs: r1(Math.max(...refolds)),
    statePerEventFoldMs: r1(perEvent.wallMs),
    replayRetainedMB: minus(replayHeap, afterStates),
    statePerEventRetainedMB: minus(statesHeap, beforeStates),
    logInMemoryMB: baseHeap === null ? null : r1(baseHeap),
    finalState,
  }
}
