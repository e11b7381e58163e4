// `npm run bench:join`: from the click on Join to the first frame of the host's video on the
// joining page, over 5 runs, with the real server, the built app and Chromium with fake devices
// (local mode), through the Janus SFU and then the peer-to-peer mesh. Prints each run with the
// phases of its join (the REST entry, the realtime login and join, the SFU signalling, ICE and
// DTLS, each in ms after the click: see join-trace.ts), the median and max, and the local-mode
// room limits measured by `npm run bench:media`. Target: median ≤ 1000 ms. Last line: one JSON
// object.
import type { Browser, Page } from '@playwright/test'
import { DEFAULT_LIMITS } from '../../src/adapters/local-media/limits'
import { BASE_CHROMIUM_ARGS, MEDIA_CHROMIUM_ARGS, startAppAndBrowser } from './support/app-browser'
import { breakdownLine, medianRow, milestones, TRACE, type Mark } from './join-trace'

const RUNS = 5
const TARGET_MS = 1000
async function open(
  browser: Browser,
  url: string,
  form: Record<string, string>,
  trace = false,
): Promise<Page> {
  const context = await browser.newContext()
  if (trace) await context.addInitScript(TRACE)
  const page = await context.newPage()
  await page.goto(`${url}/home`)
  await page.getByLabel('Room name').fill(form.room ?? '')
  await page.getByLabel('Your name').fill(form.name ?? '')
  await page.getByLabel('Role').selectOption({ label: form.role ?? '' })
  await page.getByLabel('Password').fill('bench-pw')
  return page
}

/**
 * Arms the page: the click on Join is t0; the first frame of a remote video is t1. (A string, so
 * the bench's transpiler adds no helper the page lacks.)
 */
const ARM = `(() => {
  const bench = (window.joinBench = {})
  document.addEventListener('click', (e) => {
    const button = e.target.closest('button')
    if (button && button.textContent.trim() === 'Join') bench.t0 = performance.now()
  }, { capture: true })
  const seen = new WeakSet()
  new MutationObserver(() => {
    for (const video of document.querySelectorAll('figure video')) {
      if (seen.has(video)) continue
      seen.add(video)
      video.requestVideoFrameCallback((now) => { if (bench.t1 === undefined) bench.t1 = now })
    }
  }).observe(document.body, { childList: true, subtree: true })
})()`

const ELAPSED = `(() => {
  const b = window.joinBench
  return b.t0 !== undefined && b.t1 !== undefined ? b.t1 - b.t0 : false
})()`

interface Run {
  readonly ms: number
  readonly phases: Record<string, number | null>
  /** Every mark after the click, one line each. */
  readonly marks: readonly string[]
}

async function run(browser: Browser, url: string, n: number): Promise<Run> {
  const room = `join-bench-${Date.now()}-${n}`
  const host = await open(browser, url, { room, name: 'Bench Host', role: 'Host' })
  await host.getByRole('button', { name: 'Join' }).click()
  await host.waitForSelector('figure[data-video="on"] video', { timeout: 30_000 })
  const guest = await open(browser, url, { room, name: 'Bench Guest', role: 'Conferee' }, true)
  await guest.evaluate(ARM)
  await guest.getByRole('button', { name: 'Join' }).click()
  const ms = await guest
    .waitForFunction(ELAPSED, null, { timeout: 30_000, polling: 20 })
    .then((h) => h.jsonValue() as Promise<number>)
  const { t0, marks } = (await guest.evaluate(
    '({ t0: window.joinBench.t0, marks: window.joinTrace })',
  )) as { t0: number; marks: Mark[] }
  await Promise.all([host.context().close(), guest.context().close()])
  const after = marks.filter((m) => m.at >= t0).sort((a, b) => a.at - b.at)
  return {
    ms: Math.round(ms),
    phases: milestones(marks, t0),
    marks: after.map((m) => `    ${Math.round(m.at - t0)} ${m.what}`),
  }
}

/** Five timed runs after a warm-up on a server with this media engine. */
async function engine(
  media: 'sfu' | 'mesh',
  staticDir?: string,
  label: string = media,
): Promise<{ runs: number[]; median: number; max: number; phases: Record<string, number> }> {
  const {
    base: url,
    browser,
    close,
  } = await startAppAndBrowser([...BASE_CHROMIUM_ARGS, ...MEDIA_CHROMIUM_ARGS], staticDir, {
    media,
  })
  const runs: number[] = []
  const phases: Record<string, number | null>[] = []
  try {
    await run(browser, url, 0) // warm-up: first compiles and caches; not counted
    for (let i = 1; i <= RUNS; i++) {
      const { ms, phases: row, marks } = await run(browser, url, i)
      runs.push(ms)
      phases.push(row)
      console.log(`${label} run ${i}: Join click → first remote video frame ${ms} ms`)
      console.log(breakdownLine(row, ms))
      // JOIN_TRACE=1 prints every mark of the joining page after the click.
      if (process.env.JOIN_TRACE) console.log(marks.join('\n'))
    }
  } finally {
    await close()
  }
  const sorted = [...runs].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0
  const max = sorted.at(-1) ?? 0
  console.log(`${label}: median ${median} ms, max ${max} ms (target ≤ ${TARGET_MS} ms median)`)
  const medians = medianRow(phases)
  console.log(`${label} phases, median of each (ms after the click):`)
  console.log(breakdownLine(medians, median))
  return { runs, median, max, phases: medians }
}

// Through the Janus SFU (the engine of a server with Janus), then the mesh in the same run
// (`npm run bench:join -- sfu`: the SFU alone, while profiling).
// JOIN_BASE_DIST=dir first runs the SFU with another build of the client (an older commit's
// dist) as a baseline in the same run.
const baseDist = process.env.JOIN_BASE_DIST
const base = baseDist ? await engine('sfu', baseDist, 'sfu (base client)') : undefined
const sfu = await engine('sfu')
const mesh = process.argv[2] === 'sfu' ? undefined : await engine('mesh')
console.log(
  `local-mode mesh limits (bench:media): ${DEFAULT_LIMITS.publishers} publishers, ${DEFAULT_LIMITS.watchers} watchers per publisher`,
)
console.log(
  JSON.stringify({
    bench: 'join',
    sfu: { runs: sfu.runs, medianMs: sfu.median, maxMs: sfu.max, phases: sfu.phases },
    mesh: mesh && { runs: mesh.runs, medianMs: mesh.median, maxMs: mesh.max, phases: mesh.phases },
    ...(mesh ? { sfuOverMesh: Math.round((sfu.median / mesh.median) * 100) / 100 } : {}),
    ...(base
      ? {
          baseClient: { runs: base.runs, medianMs: base.median, phases: base.phases },
          sfuOverBase: Math.round((sfu.median / base.median) * 100) / 100,
        }
      : {}),
    targetMs: TARGET_MS,
    withinTarget: sfu.median <= TARGET_MS && (mesh?.median ?? 0) <= TARGET_MS,
    limits: DEFAULT_LIMITS,
  }),
)
