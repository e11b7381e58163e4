/**
 * `npm run bench:fold`: folds a deterministic synthetic meeting log of 1,000,000 events with a
 * 10,000-member roster (tests/bench/fold-log.ts) and prints, beside two baselines measured in
 * the same run:
 *   - fold time without parsing (events in memory) and with parsing (the NDJSON text);
 *   - seek time to 100 random positions (median, max) with the replay engine's checkpoints,
 *     against re-folding from the start for each seek;
 *   - the memory the replay keeps, against keeping a state per event (as Redux DevTools does);
 *   - peak memory (max RSS).
 * Wall time and this process's CPU time are both shown: on a shared machine they differ.
 * The last line is one JSON object with the figures.
 */
import { performance } from 'node:perf_hooks'
import { initialState, reduce, type State } from '../../streams/projections'
import { toNdjson, FORMAT_VERSION, LOG_KIND } from '../../streams/recorder/format'
import { createReplay } from '../../streams/replay/engine'
import { readLog } from '../../streams/replay/read'
import { generateLog, prng } from './fold-log'

const EVENTS = Number(process.env.FOLD_EVENTS ?? 1_000_000)
const SEEKS = 100
const CHECKPOINT_EVERY = Number(process.env.FOLD_CHECKPOINT ?? 2000)

const gc = (globalThis as { gc?: () => void }).gc
const collect = () => {
  if (gc) for (let i = 0; i < 3; i++) gc()
}
const heapMB = () => {
  collect()
  return process.memoryUsage().heapUsed / 2 ** 20
}

function measure<T>(run: () => T): { value: T; wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage()
  const start = performance.now()
  const value = run()
  const wallMs = performance.now() - start
  const used = process.cpuUsage(cpu)
  return { value, wallMs, cpuMs: (used.user + used.system) / 1000 }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2
}
const r1 = (x: number) => Math.round(x * 10) / 10
const r3 = (x: number) => Math.round(x * 1000) / 1000

console.log(
  `fold bench: ${EVENTS.toLocaleString('en')} events, 10,000-member roster${gc ? '' : ' (run with --expose-gc for memory figures)'}`,
)

const generated = measure(() => generateLog(EVENTS))
const text = toNdjson(
  { kind: LOG_KIND, format: FORMAT_VERSION, app: 'bench', startedAt: 0 },
  generated.value,
)
generated.value.length = 0
console.log(`generated in ${r1(generated.wallMs / 1000)} s; NDJSON ${r1(text.length / 2 ** 20)} MB`)

// With parsing: read the NDJSON log, then fold it.
const parsedFold = measure(() => {
  const log = readLog(text)
  let s: State = initialState
  for (const e of log.envelopes) s = reduce(s, e.event)
  return { log, s }
})
const log = parsedFold.value.log
const events = log.envelopes.map((e) => e.event)
const baseHeap = heapMB()

// Without parsing: the events are in memory; the best of three runs (the first warms the JIT).
const folds = [0, 1, 2].map(() =>
  measure(() => {
    let s: State = initialState
    for (let i = 0; i < events.length; i++) s = reduce(s, events[i] as (typeof events)[number])
    return s
  }),
)
const fold = folds.reduce((a, b) => (b.wallMs < a.wallMs ? b : a))
const final = fold.value
console.log(
  `final state: ${final.users.audiences.size + final.users.hosts.size} members, ${final.chat.messages.size} chat lines`,
)

// Baseline 2: a state per event, as Redux DevTools keeps them.
const beforeStates = heapMB()
const perEvent = measure(() => {
  const states: State[] = new Array(events.length)
  let s: State = initialState
  for (let i = 0; i < events.length; i++)
    states[i] = s = reduce(s, events[i] as (typeof events)[number])
  return states
})
const statesHeap = heapMB()
perEvent.value.length = 0
const afterStates = heapMB()

// The replay engine: one fold keeping a checkpoint every CHECKPOINT_EVERY steps.
const built = measure(() => createReplay(log, { checkpointEvery: CHECKPOINT_EVERY }))
const replay = built.value
const replayHeap = heapMB()

const random = prng(7)
const positions = Array.from({ length: SEEKS }, () => Math.floor(random() * (events.length + 1)))
const seeks = positions.map((n) => measure(() => replay.stateAt(n)).wallMs)

// Baseline 1: re-fold from the start for each seek.
const refolds = positions.map(
  (n) =>
    measure(() => {
      let s: State = initialState
      for (let i = 0; i < n; i++) s = reduce(s, events[i] as (typeof events)[number])
      return s
    }).wallMs,
)
// the engine answers the same states as a fold from the start
for (const n of positions.slice(0, 5)) {
  let s: State = initialState
  for (let i = 0; i < n; i++) s = reduce(s, events[i] as (typeof events)[number])
  if (JSON.stringify(s) !== JSON.stringify(replay.stateAt(n)))
    throw new Error(`seek ${n} differs from a fold`)
}

const peakRssMB = process.resourceUsage().maxRSS / 1024
const figures = {
  events: events.length,
  roster: 10_000,
  foldNoParseMs: r1(fold.wallMs),
  foldNoParseCpuMs: r1(fold.cpuMs),
  /** Every one of the three folds, in run order: the spread is this machine's noise. */
  foldNoParseRunsMs: folds.map((f) => r1(f.wallMs)),
  foldWithParseMs: r1(parsedFold.wallMs),
  replayBuildMs: r1(built.wallMs),
  checkpointEvery: CHECKPOINT_EVERY,
  seekMedianMs: r3(median(seeks)),
  seekMaxMs: r3(Math.max(...seeks)),
  refoldSeekMedianMs: r1(median(refolds)),
  refoldSeekMaxMs: r1(Math.max(...refolds)),
  statePerEventFoldMs: r1(perEvent.wallMs),
  replayRetainedMB: gc ? r1(replayHeap - afterStates) : null,
  statePerEventRetainedMB: gc ? r1(statesHeap - beforeStates) : null,
  logInMemoryMB: gc ? r1(baseHeap) : null,
  peakRssMB: r1(peakRssMB),
  targets: {
    foldNoParseUnder500ms: fold.wallMs <= 500,
    seekMedianUnder20ms: median(seeks) <= 20,
  },
}

const row = (label: string, value: string) => console.log(`${label.padEnd(44)}${value}`)
row(
  'fold, no parsing (best of 3)',
  `${figures.foldNoParseMs} ms wall, ${figures.foldNoParseCpuMs} ms CPU (runs: ${figures.foldNoParseRunsMs.join(', ')} ms)`,
)
row('fold, with parsing (read NDJSON + fold)', `${figures.foldWithParseMs} ms`)
row(`replay build (fold + checkpoint every ${CHECKPOINT_EVERY})`, `${figures.replayBuildMs} ms`)
row(
  'seek, replay engine (median / max of 100)',
  `${figures.seekMedianMs} / ${figures.seekMaxMs} ms`,
)
row(
  'seek, baseline re-fold from start',
  `${figures.refoldSeekMedianMs} / ${figures.refoldSeekMaxMs} ms`,
)
row('baseline state per event: fold', `${figures.statePerEventFoldMs} ms`)
row('memory kept by the replay (checkpoints)', `${figures.replayRetainedMB ?? '?'} MB`)
row('memory kept, baseline state per event', `${figures.statePerEventRetainedMB ?? '?'} MB`)
row('the parsed log itself', `${figures.logInMemoryMB ?? '?'} MB`)
row('peak memory (max RSS)', `${figures.peakRssMB} MB`)
console.log(JSON.stringify(figures))
