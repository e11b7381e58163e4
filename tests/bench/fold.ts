/**
 * `npm run bench:fold`: folds a deterministic synthetic meeting log of 1,000,000 events with a
 * 10,000-member roster (tests/bench/fold-log.ts) and prints, beside two baselines measured in
 * the same run:
 *   - fold time without parsing (events in memory) and with parsing (the NDJSON text);
 *   - seek time to 100 random positions (median, max) with the replay engine's checkpoints,
 *     against re-folding from the start for each seek;
 *   - the memory the replay keeps, against keeping a state per event (as Redux DevTools does);
 *   - peak memory (max RSS).
 * The same measurements (tests/bench/fold-run.ts) run in both engines streams/ runs in: Debian's
 * Chromium, where the client and the replay screen fold (a V8 with 4-byte compressed pointers),
 * and this Node, where the replay command line folds (8-byte pointers: every trie node and
 * record is about twice the size). Both must reach the same final state.
 * The last line is one JSON object with the figures of both.
 */
import { r1, runFoldBench, type FoldFigures, type Runtime } from './fold-run'
import { compareRosterMaps } from './roster-maps'
import { cpuMicros } from './support/cpu'
import { foldInChromium } from './support/fold-chromium'

const EVENTS = Number(process.env.FOLD_EVENTS ?? 1_000_000)
const CHECKPOINT_EVERY = Number(process.env.FOLD_CHECKPOINT ?? 2000)
const TARGET_FOLD_MS = 500
const TARGET_SEEK_MS = 20

const gc = (globalThis as { gc?: () => void }).gc
const node: Runtime = {
  heapMB() {
    if (!gc) return null
    for (let i = 0; i < 3; i++) gc()
    return process.memoryUsage().heapUsed / 2 ** 20
  },
  cpuMs: () => cpuMicros() / 1000,
}

console.log(
  `fold bench: ${EVENTS.toLocaleString('en')} events, 10,000-member roster${gc ? '' : ' (run with --expose-gc for Node memory figures)'}`,
)
console.log(`Chromium (${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}):`)
const inChromium = await foldInChromium(EVENTS, CHECKPOINT_EVERY, (line) =>
  console.log(`  ${line}`),
)
console.log(`Node ${process.version} (NODE_OPTIONS: ${process.env.NODE_OPTIONS ?? 'none'}):`)
const inNode = {
  ...(await runFoldBench(EVENTS, CHECKPOINT_EVERY, node, (line) => console.log(`  ${line}`))),
  peakRssMB: r1(process.resourceUsage().maxRSS / 1024),
}
if (inNode.finalState !== inChromium.finalState)
  throw new Error(
    `Chromium and Node folded the log to different states (${inChromium.finalState} against ${inNode.finalState})`,
  )

type Figures = FoldFigures & { peakRssMB: number | null }
const rows: [string, (f: Figures) => string][] = [
  ['fold, no parsing (best of 3)', (f) => `${f.foldNoParseMs} ms`],
  ['  its three runs', (f) => `${f.foldNoParseRunsMs.join(', ')} ms`],
  [
    '  CPU time of the best',
    (f) => (f.foldNoParseCpuMs === null ? '-' : `${f.foldNoParseCpuMs} ms`),
  ],
  ['fold, with parsing (read NDJSON + fold)', (f) => `${f.foldWithParseMs} ms`],
  [`replay build (checkpoint every ${CHECKPOINT_EVERY})`, (f) => `${f.replayBuildMs} ms`],
  ['seek, replay engine (median / max of 100)', (f) => `${f.seekMedianMs} / ${f.seekMaxMs} ms`],
  ['seek, baseline re-fold from start', (f) => `${f.refoldSeekMedianMs} / ${f.refoldSeekMaxMs} ms`],
  ['baseline state per event: fold', (f) => `${f.statePerEventFoldMs} ms`],
  ['memory kept by the replay (checkpoints)', (f) => `${f.replayRetainedMB ?? '?'} MB`],
  ['memory kept, baseline state per event', (f) => `${f.statePerEventRetainedMB ?? '?'} MB`],
  ['the parsed log itself', (f) => `${f.logInMemoryMB ?? '?'} MB`],
  ['peak memory (max RSS)', (f) => `${f.peakRssMB ?? '?'} MB`],
]
console.log(`${''.padEnd(44)}${'Chromium'.padEnd(26)}Node`)
for (const [label, show] of rows)
  console.log(`${label.padEnd(44)}${show(inChromium).padEnd(26)}${show(inNode)}`)

console.log(`Node, the roster's persistent map against the libraries:`)
const rosterMaps = compareRosterMaps(
  () => node.heapMB() as number | null,
  (line) => console.log(`  ${line}`),
)

const targets = (f: Figures) => ({
  foldNoParseUnder500ms: f.foldNoParseMs <= TARGET_FOLD_MS,
  seekMedianUnder20ms: f.seekMedianMs <= TARGET_SEEK_MS,
})
console.log(
  JSON.stringify({
    events: inNode.events,
    roster: 10_000,
    chromium: { ...inChromium, targets: targets(inChromium) },
    node: { ...inNode, targets: targets(inNode) },
    rosterMaps,
  }),
)
