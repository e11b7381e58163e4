/**
 * The bundle `bench:fold` loads into Chromium: the same measurements (`fold-run.ts`), with the
 * heap read by the host through the DevTools protocol after a full collection (the figure
 * DevTools' memory panel shows).
 */
import { runFoldBench, type Runtime } from './fold-run'

const page = globalThis as unknown as {
  foldBenchHeapMB: () => Promise<number>
  runFoldBench?: (count: number, checkpointEvery: number) => ReturnType<typeof runFoldBench>
}

const runtime: Runtime = { heapMB: () => page.foldBenchHeapMB(), cpuMs: () => null }

page.runFoldBench = (count, checkpointEvery) =>
  runFoldBench(count, checkpointEvery, runtime, (line) => console.log(line))
