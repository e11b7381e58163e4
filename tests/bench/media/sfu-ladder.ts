import type { Page } from '@playwright/test'
import type { Harness } from './harness'
import { processCpuMs, startSfuServer } from './sfu-server'
import { WeriftWatcher } from './werift-watcher'

const LARGE = { width: 720, height: 300, bitrate: 310, frameRate: 30 }
const WARMUP_MS = 8000
const MEASURE_MS = 5000

export interface SfuResult {
  readonly publishers: number
  readonly watchers: number
  readonly streams: number
  readonly minFps: number
  readonly medianFps: number
  /** The one Chromium watcher, decoding (requestVideoFrameCallback). */
  readonly browserFps: number
  /** Share of one core over the measurement, %. */
  readonly serverCpu: number
  readonly janusCpu: number
  readonly sustained: boolean
}

/**
 * One room through the SFU: `publishers` Chromium pages send their camera at the main-screen
 * profile ([VIDEO-2] 720x300, three simulcast layers), one Chromium page watches them decoding,
 * and `watchers` headless werift subscribers receive every camera at the top layer. Sustained
 * when every stream keeps `minFps` frames a second everywhere.
 */
export async function sfuRoom(
  h: Harness,
  url: string,
  pids: { server: number; janus: number },
  publishers: number,
  watchers: number,
  minFps: number,
): Promise<SfuResult> {
  const name = `sfu-bench-${publishers}-${watchers}-${Date.now()}`
  const pages: Page[] = []
  const headless: WeriftWatcher[] = []
  try {
    for (let i = 0; i <= publishers; i++) {
      const page = await h.page(url)
      pages.push(page)
      const publish = i < publishers
      await page.evaluate(
        ([roomName, i, publish]) =>
          (window as any).bench.enter({
            roomName,
            userName: `p${i}`,
            roomType: 2,
            role: publish ? 1 : 2,
            password: 'pw',
          }),
        [name, i, publish] as const,
      )
      await page.evaluate(
        async ([publish, profile]) => {
          await (window as any).bench.start({ publish, engine: 'sfu', profile })
          ;(window as any).bench.showAll({ width: profile.width, height: profile.height })
        },
        [publish, LARGE] as const,
      )
    }
    for (let i = 0; i < watchers; i += 10) {
      const batch = Array.from({ length: Math.min(10, watchers - i) }, (_, k) =>
        WeriftWatcher.join(url, name, `w${i + k}`),
      )
      headless.push(...(await Promise.all(batch)))
    }
    await new Promise((r) => setTimeout(r, 1000))
    await Promise.all(headless.map((w) => w.watchAll()))
    await new Promise((r) => setTimeout(r, WARMUP_MS))
    const before = headless.map((w) => w.counts())
    const cpu0 = { server: processCpuMs(pids.server), janus: processCpuMs(pids.janus) }
    const browser = (await pages[publishers]!.evaluate(
      (ms) => (window as any).bench.measure(ms),
      MEASURE_MS,
    )) as { fps: number }[]
    const cpu1 = { server: processCpuMs(pids.server), janus: processCpuMs(pids.janus) }
    const after = headless.map((w) => w.counts())
    const fps: number[] = []
    headless.forEach((_, i) => {
      for (let s = 0; s < publishers; s++)
        fps.push((((after[i]![s] ?? 0) - (before[i]![s] ?? 0)) * 1000) / MEASURE_MS)
    })
    const browserFps = Math.min(...browser.map((b) => b.fps), browser.length ? Infinity : 0)
    fps.sort((a, b) => a - b)
    const low = fps[0] ?? browserFps
    const round = (n: number) => Math.round(n * 10) / 10
    return {
      publishers,
      watchers,
      streams: publishers * (watchers + 1),
      minFps: round(low),
      medianFps: round(fps[Math.floor(fps.length / 2)] ?? browserFps),
      browserFps: round(browserFps),
      serverCpu: round(((cpu1.server - cpu0.server) * 100) / MEASURE_MS),
      janusCpu: round(((cpu1.janus - cpu0.janus) * 100) / MEASURE_MS),
      sustained: low >= minFps && browserFps >= minFps,
    }
  } finally {
    await Promise.all(headless.map((w) => w.close().catch(() => undefined)))
    await Promise.all(
      pages.map((p) => p.evaluate(() => (window as any).bench.stop()).catch(() => undefined)),
    )
    await Promise.all(pages.map((p) => p.context().close()))
  }
}

/** The SFU's ladder: more and more watchers per publisher until a stream drops below minFps. */
export async function sfuLadder(
  h: Harness,
  steps: readonly number[],
  minFps: number,
  print: (line: string) => void,
): Promise<{ watchers: number; results: SfuResult[] }> {
  const server = await startSfuServer(h.dir)
  const results: SfuResult[] = []
  let sustained = 0
  try {
    const janus = server.janusPid()
    if (!janus) throw new Error('the server runs no Janus')
    for (const watchers of steps) {
      const r = await sfuRoom(h, server.url, { server: server.pid, janus }, 1, watchers, minFps)
      results.push(r)
      const perStream = r.streams ? Math.round((r.janusCpu / r.streams) * 100) / 100 : 0
      print(
        `${String(r.watchers).padStart(4)} watchers (+1 browser): ${r.streams} streams, ` +
          `min ${r.minFps} fps, median ${r.medianFps}, browser ${r.browserFps} → ` +
          `${r.sustained ? 'sustained' : 'NOT sustained'}; CPU server ${r.serverCpu}%, ` +
          `Janus ${r.janusCpu}% (${perStream}% per stream)`,
      )
      if (!r.sustained) break
      sustained = watchers + 1
    }
  } finally {
    await server.close()
  }
  return { watchers: sustained, results }
}
