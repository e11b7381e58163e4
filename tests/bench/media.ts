// `npm run bench:media`: how many publishers and watchers a local-mode (peer-to-peer) room
// sustains on this machine. Real server, real adapters, one Chromium with fake devices, one page
// per participant. A room is sustained when every watched camera keeps at least
// MIN_FPS frames a second, counted with requestVideoFrameCallback over MEASURE_MS on every page. Two ladders: one publisher as the main screen ([VIDEO-2] large: 720x300, 310 kbps,
// 30 fps) and more and more watchers; then a full mesh (everyone publishes at the 5-6 tile size
// of [VIDEO-6], 240x140, 240 kbps, 15 fps, and watches everyone) with more and more publishers.
// Then the same rooms through the Janus SFU (MEDIA=sfu, our server as a process of its own): one
// publisher at 720x300 and more and more watchers (headless werift subscribers spread over
// several processes, and one Chromium page), then 2, 4 and 8 publishers; with the CPU of our
// server, of Janus per forwarded stream and of the watchers' processes. The last lines print the
// SFU's watchers per publisher against the mesh's measured in this run (goal: at least 10x).
// Last line: one JSON object.
import type { Page } from '@playwright/test'
import { startHarness, type Harness } from './media/harness'
import { sfuLadders, type SfuLadders } from './media/sfu-ladder'

const LARGE = { width: 720, height: 300, bitrate: 310, frameRate: 30 }
const TILE = { width: 240, height: 140, bitrate: 240, frameRate: 15 }
/**
 * Frames advancing smoothly enough for a meeting: 10 a second on every stream. (Chromium's fake
 * camera delivers at most 20 fps whatever is asked, and its software encoder drops to 15 or 10
 * as the machine fills, so the rate steps rather than slides.)
 */
const MIN_FPS = 10
const minFpsOf = (_profile: { frameRate: number }) => MIN_FPS
/** `npm run bench:media -- watchers` (or `publishers`, or `sfu`) runs one ladder only. */
const only = process.argv[2]
const WARMUP_MS = 8000
const MEASURE_MS = 5000
const WATCHER_STEPS = [1, 3, 7, 11, 15, 19, 23, 27]
const PUBLISHER_STEPS = [2, 3, 4, 5, 6, 7]
/** The SFU's ladders: watchers for each count of publishers. */
const SFU_PLAN = [
  { publishers: 1, watchers: [50, 100, 150, 200, 250, 300] },
  { publishers: 2, watchers: [25, 50, 100] },
  { publishers: 4, watchers: [25, 50, 100] },
  { publishers: 8, watchers: [25, 50, 100] },
]
/** The goal: the SFU serves at least this many times the mesh's watchers per publisher. */
const GOAL = 10

interface Result {
  readonly participants: number
  readonly publishers: number
  readonly streams: number
  readonly minFps: number
  readonly medianFps: number
  readonly minFpsNeeded: number
  readonly sustained: boolean
}

async function room(
  h: Harness,
  participants: number,
  publishers: number,
  profile: typeof TILE,
): Promise<Result> {
  const name = `bench-${participants}-${publishers}-${Date.now()}`
  const pages: Page[] = []
  try {
    for (let i = 0; i < participants; i++) {
      const page = await h.page()
      pages.push(page)
      await page.evaluate(
        ([roomName, i]) =>
          (window as any).bench.enter({
            roomName,
            userName: `p${i}`,
            roomType: 2,
            role: i === 0 ? 1 : 2,
            password: 'pw',
          }),
        [name, i] as const,
      )
      await page.evaluate(async (publish) => {
        await (window as any).bench.start({ publish })
        ;(window as any).bench.showAll()
      }, i < publishers)
    }
    await new Promise((r) => setTimeout(r, WARMUP_MS))
    const measured = await Promise.all(
      pages.map((p) => p.evaluate((ms) => (window as any).bench.measure(ms), MEASURE_MS)),
    )
    const fps = measured.flat().map((s: { fps: number }) => s.fps)
    // Every page watches every publisher but itself.
    const expected = publishers * (participants - 1)
    while (fps.length < expected) fps.push(0)
    fps.sort((a, b) => a - b)
    const minFps = fps[0] ?? 0
    const medianFps = fps[Math.floor(fps.length / 2)] ?? 0
    const needed = minFpsOf(profile)
    return {
      participants,
      publishers,
      streams: expected,
      minFps: Math.round(minFps * 10) / 10,
      medianFps: Math.round(medianFps * 10) / 10,
      minFpsNeeded: needed,
      sustained: minFps >= needed,
    }
  } finally {
    await Promise.all(
      pages.map((p) => p.evaluate(() => (window as any).bench.stop()).catch(() => undefined)),
    )
    await Promise.all(pages.map((p) => p.context().close()))
  }
}

function print(r: Result): void {
  console.log(
    `${String(r.participants).padStart(3)} participants, ${r.publishers} publishing: ` +
      `${r.streams} streams, min ${r.minFps} fps, median ${r.medianFps} fps → ${r.sustained ? 'sustained' : 'NOT sustained'}`,
  )
}

const h = await startHarness()
const results: Result[] = []
let watchers = 0
let publishers = 0
let sfu: SfuLadders = { watchers: 0, byPublishers: [], results: [] }
try {
  if (only !== 'publishers' && only !== 'sfu')
    console.log(
      `Watchers ladder (one publisher at 720x300, ≥ ${minFpsOf(LARGE)} fps on every page):`,
    )
  for (const w of only === 'publishers' || only === 'sfu' ? [] : WATCHER_STEPS) {
    const r = await room(h, w + 1, 1, LARGE)
    results.push(r)
    print(r)
    if (!r.sustained) break
    watchers = w
  }
  if (only !== 'watchers' && only !== 'sfu')
    console.log(
      `Publishers ladder (full mesh at 240x140, ≥ ${minFpsOf(TILE)} fps on every stream):`,
    )
  for (const p of only === 'watchers' || only === 'sfu' ? [] : PUBLISHER_STEPS) {
    const r = await room(h, p, p, TILE)
    results.push(r)
    print(r)
    if (!r.sustained) break
    publishers = p
  }
  if (only === undefined || only === 'sfu') {
    console.log(
      `SFU ladders (publishers at 720x300 through Janus, ≥ ${MIN_FPS} fps on every stream):`,
    )
    sfu = await sfuLadders(h, SFU_PLAN, MIN_FPS, (line) => console.log(line))
  }
} finally {
  await h.close()
}
console.log(
  `Mesh limits on this machine: ${publishers} publishers, ${watchers} watchers per publisher`,
)
const ratio = watchers ? Math.round((sfu.watchers / watchers) * 10) / 10 : undefined
if (sfu.results.length) {
  console.log(
    `SFU limits on this machine: ` +
      sfu.byPublishers.map((b) => `${b.publishers} × ${b.watchers}`).join(', ') +
      ` (publishers × watchers per publisher)`,
  )
  console.log(
    `SFU: ${sfu.watchers} watchers per publisher` +
      (ratio === undefined
        ? ' (the mesh was not measured in this run)'
        : ` = ${ratio}x the mesh's ${watchers} measured in this run → goal ≥ ${GOAL}x ` +
          (ratio >= GOAL ? 'met' : 'NOT met')),
  )
}
console.log(
  JSON.stringify({
    bench: 'media',
    limits: {
      publishers,
      watchers,
      sfuWatchers: sfu.watchers,
      sfuByPublishers: sfu.byPublishers,
      ratio,
    },
    results,
    sfu: sfu.results,
  }),
)
