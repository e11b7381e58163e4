import { loadavg } from 'node:os'
import type { Page } from '@playwright/test'
import type { Harness } from './harness'
import { processCpuMs, type SfuServer } from './sfu-server'
import type { WatcherPool } from './watcher-pool'
import { RtpSource, WeriftPublisher } from './werift-publisher'

export const LARGE = { width: 720, height: 300, bitrate: 310, frameRate: 30 }
const WARMUP_MS = 8000
/** How long every watcher has to receive its first frame of every camera (a busy machine). */
const START_MS = 30_000
const MEASURE_MS = 5000
/** The fake camera's rate, and the headless publishers' (Chromium's fake camera gives 20). */
const SOURCE_FPS = 20

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
  /** The headless watchers' processes together, and how many there were. */
  readonly watcherCpu: number
  readonly watcherProcesses: number
  /** Headless watchers that had received every camera before the warm-up began. */
  readonly started: number
  /** The machine's load average (1 min) at the measurement: other work shares these cores. */
  readonly load: number
  readonly sustained: boolean
}

/** What every step of the SFU's ladders shares: the server, its Janus, the watcher processes. */
export interface SfuBench {
  readonly h: Harness
  readonly server: SfuServer
  readonly janus: number
  readonly pool: WatcherPool
  source?: RtpSource
}

const round = (n: number) => Math.round(n * 10) / 10

/**
 * One room through the SFU: one Chromium page sends its camera at the main-screen profile
 * ([VIDEO-2] 720x300, three simulcast layers) through the real adapter, `publishers - 1`
 * headless publishers send a VP8 camera of the same size, one Chromium page watches every
 * camera decoding it, and `watchers` headless werift subscribers (in the pool's processes)
 * receive every camera at the top layer. Sustained when every stream keeps `minFps` frames a
 * second everywhere.
 */
export async function sfuRoom(
  bench: SfuBench,
  publishers: number,
  watchers: number,
  minFps: number,
): Promise<SfuResult> {
  const { h, server, pool } = bench
  const name = `sfu-bench-${publishers}-${watchers}-${Date.now()}`
  const pages: Page[] = []
  const headless: WeriftPublisher[] = []
  try {
    for (let i = 0; i < 2; i++) {
      const page = await h.page(server.url)
      pages.push(page)
      const publish = i === 0
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
    if (publishers > 1) {
      bench.source ??= await RtpSource.start(LARGE, SOURCE_FPS)
      const host = pages[0]!
      const grant = (uid: string) =>
        host.evaluate((uid) => (window as any).bench.grant(uid) as Promise<void>, uid)
      for (let i = 1; i < publishers; i++)
        headless.push(await WeriftPublisher.join(server.url, name, `hp${i}`, bench.source, grant))
    }
    await pool.join(server.url, name, watchers)
    await new Promise((r) => setTimeout(r, 1000))
    await pool.watchAll()
    const started = await everyoneStarted(pool, publishers)
    await new Promise((r) => setTimeout(r, WARMUP_MS))
    const before = await pool.counts()
    const cpu = () => ({
      server: processCpuMs(server.pid),
      janus: processCpuMs(bench.janus),
      watchers: pool.cpuMs(),
    })
    const cpu0 = cpu()
    const browser = (await pages[1]!.evaluate(
      (ms) => (window as any).bench.measure(ms),
      MEASURE_MS,
    )) as { fps: number }[]
    const cpu1 = cpu()
    const after = await pool.counts()
    const fps: number[] = []
    after.forEach((counts, i) => {
      for (let s = 0; s < publishers; s++)
        fps.push((((counts[s] ?? 0) - (before[i]?.[s] ?? 0)) * 1000) / MEASURE_MS)
    })
    const decoded = browser.map((b) => b.fps)
    while (decoded.length < publishers) decoded.push(0)
    const browserFps = Math.min(...decoded)
    fps.sort((a, b) => a - b)
    const low = fps[0] ?? browserFps
    const share = (key: keyof typeof cpu0) => round(((cpu1[key] - cpu0[key]) * 100) / MEASURE_MS)
    return {
      publishers,
      watchers,
      streams: publishers * (watchers + 1),
      minFps: round(Math.min(low, browserFps)),
      medianFps: round(fps[Math.floor(fps.length / 2)] ?? browserFps),
      browserFps: round(browserFps),
      serverCpu: share('server'),
      janusCpu: share('janus'),
      watcherCpu: share('watchers'),
      watcherProcesses: pool.processCount,
      started,
      load: round(loadavg()[0] ?? 0),
      sustained: low >= minFps && browserFps >= minFps,
    }
  } finally {
    await pool.leave()
    await Promise.all(headless.map((p) => p.close().catch(() => undefined)))
    await Promise.all(
      pages.map((p) => p.evaluate(() => (window as any).bench.stop()).catch(() => undefined)),
    )
    await Promise.all(pages.map((p) => p.context().close()))
  }
}

/**
 * Waits until every headless watcher receives every camera (or START_MS passes): setting up a
 * hundred connections on a busy machine is not what is measured. Answers how many did; the
 * others still count, at the rate they reach.
 */
async function everyoneStarted(pool: WatcherPool, publishers: number): Promise<number> {
  const deadline = Date.now() + START_MS
  for (;;) {
    const counts = await pool.counts()
    const started = counts.filter((c) => c.filter((n) => n > 0).length >= publishers).length
    if (started === counts.length || Date.now() > deadline) return started
    await new Promise((r) => setTimeout(r, 500))
  }
}
