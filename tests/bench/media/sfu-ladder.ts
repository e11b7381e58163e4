import type { Harness } from './harness'
import { startSfuServer } from './sfu-server'
import { sfuRoom, type SfuBench, type SfuResult } from './sfu-room'
import { WatcherPool } from './watcher-pool'

export type { SfuResult } from './sfu-room'

/** Headless watchers per process: well under what one Node event loop decrypts at 20 fps. */
const WATCHERS_PER_PROCESS = 20

export interface SfuLadders {
  /** Watchers per publisher the one-publisher ladder sustained (the werift ones + 1 Chromium). */
  readonly watchers: number
  /** For each count of publishers, the watchers each sustained. */
  readonly byPublishers: { publishers: number; watchers: number }[]
  readonly results: SfuResult[]
}

function line(r: SfuResult): string {
  const perStream = r.streams ? Math.round((r.janusCpu / r.streams) * 100) / 100 : 0
  return (
    `${String(r.publishers).padStart(2)} publishers × ${String(r.watchers).padStart(3)} watchers ` +
    `(+1 browser): ${r.streams} streams, min ${r.minFps} fps, median ${r.medianFps}, browser ` +
    `${r.browserFps} → ${r.sustained ? 'sustained' : 'NOT sustained'}; CPU server ` +
    `${r.serverCpu}%, Janus ${r.janusCpu}% (${perStream}% per stream), watchers ` +
    `${r.watcherCpu}% in ${r.watcherProcesses} processes; load ${r.load}` +
    (r.started < r.watchers ? `; ${r.watchers - r.started} watchers never got every camera` : '')
  )
}

/**
 * The SFU's ladders, with our server (MEDIA=sfu) as a process of its own: for each count of
 * publishers, more and more watchers until a stream drops below `minFps`.
 */
export async function sfuLadders(
  h: Harness,
  plan: { publishers: number; watchers: readonly number[] }[],
  minFps: number,
  print: (line: string) => void,
): Promise<SfuLadders> {
  const server = await startSfuServer(h.dir)
  const pool = new WatcherPool(WATCHERS_PER_PROCESS)
  const results: SfuResult[] = []
  const byPublishers: { publishers: number; watchers: number }[] = []
  let bench: SfuBench | undefined
  try {
    const janus = server.janusPid()
    if (!janus) throw new Error('the server runs no Janus')
    bench = { h, server, janus, pool }
    for (const { publishers, watchers: steps } of plan) {
      let sustained = 0
      for (const watchers of steps) {
        const r = await sfuRoom(bench, publishers, watchers, minFps)
        results.push(r)
        print(line(r))
        if (!r.sustained) break
        sustained = watchers + 1
      }
      byPublishers.push({ publishers, watchers: sustained })
    }
  } finally {
    pool.close()
    await bench?.source?.close()
    await server.close()
  }
  const one = byPublishers.find((b) => b.publishers === 1)
  return { watchers: one?.watchers ?? 0, byPublishers, results }
}
