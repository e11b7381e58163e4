// `npm run bench:replay`: the 1,000,000-event log of `bench:fold` (10,000-member roster) opened
// in the replay screen in Chromium, with the built app and the real server. Prints the time to
// the first screen (targets: within 3 s) and to the whole log open, the longest main-thread task
// while it opens (target: none over 100 ms; a worker reads and folds, the page appends), beside a
// baseline in the same page (fetching the log's bytes alone); then the median and max time of 20
// seeks through the UI ("Jump to event") and the long tasks over 50 ms while seeking (targets:
// seek ≤ 100 ms median, no long task over 200 ms). Last line: one JSON object.
import { createReadStream, mkdtempSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { FORMAT_VERSION, LOG_KIND, toNdjson } from '@streams/recorder/format'
import { generateLog, prng } from './fold-log'
import { BASE_CHROMIUM_ARGS, startAppAndBrowser } from './support/app-browser'
import { selfTimes, startRawCpuProfile, type Profile } from './support/cpu-profile'
import { longTasksOf, summariseTrace } from './support/trace-summary'

const EVENTS = Number(process.env.EVENTS ?? 1_000_000)
/** SEEKS=n: how many seeks after opening (0: opening only, for a trace of it). */
const SEEKS = Number(process.env.SEEKS ?? 20)
const TARGET_SEEK_MS = 100
const TARGET_LONG_TASK_MS = 200
const TARGET_FIRST_SCREEN_MS = 3000
const TARGET_OPEN_TASK_MS = 100
/** TRACE=1: a Chromium trace while the log opens and one while seeking, summarised (slows the page: figures are not the run's). */
const TRACE = process.env.TRACE === '1'
/** PROFILE=1: the page's functions with the most self time while it opens and while seeking. */
const PROFILE = process.env.PROFILE === '1'
/**
 * TASKS=1: every long task while opening (start, duration); with TRACE=1 also what each long
 * task of the trace did (self time by trace event, script calls by function), and with PROFILE=1
 * as well, the functions with the most self time inside each.
 */
const TASKS = process.env.TASKS === '1'
const ARGS = [...BASE_CHROMIUM_ARGS, '--js-flags=--max-old-space-size=8192']

/** Collects long tasks from the page's start (a string: the page gets no transpiler helper). */
const OBSERVE = `(() => {
  window.longTasks = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, ms: e.duration })
  }).observe({ type: 'longtask', buffered: true })
})()`

/**
 * One seek as a user makes it: types the seq into "Jump to event" and presses Jump; the time runs
 * until the position readout names that event and the next frame has been painted.
 */
const SEEK = `async (seq) => {
  const input = [...document.querySelectorAll('input')].find((i) => i.labels && [...i.labels].some((l) => l.textContent.trim() === 'Jump to event'))
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Jump')
  const readout = document.querySelector('[data-replay-position]') || document.querySelector('[aria-label="Position"]')
  if (!input || !button || !readout) throw new Error('replay controls not found')
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set
  setter.call(input, String(seq))
  input.dispatchEvent(new Event('input', { bubbles: true }))
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
  const t0 = performance.now()
  const shown = new Promise((resolve) => {
    const done = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))
    const check = () => readout.textContent.includes('#' + seq + ' ') || readout.textContent.includes('#' + seq + '\\u00a0')
    if (check()) return done()
    const observer = new MutationObserver(() => { if (check()) { observer.disconnect(); done() } })
    observer.observe(readout, { childList: true, characterData: true, subtree: true })
  })
  button.click()
  const t1 = await shown
  return { t0, ms: t1 - t0 }
}`

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? (s[Math.floor(s.length / 2)] as number) : 0
}
const r1 = (x: number) => Math.round(x * 10) / 10

console.log(
  `replay bench: ${EVENTS.toLocaleString('en')} events, 10,000-member roster (load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')})`,
)
const dir = mkdtempSync(join(tmpdir(), 'roomcast-replay-bench-'))
const file = join(dir, 'bench.ndjson')
const envelopes = generateLog(EVENTS)
writeFileSync(
  file,
  toNdjson({ kind: LOG_KIND, format: FORMAT_VERSION, app: 'bench', startedAt: 0 }, envelopes),
)
const lastSeq = envelopes.at(-1)?.seq ?? 0
envelopes.length = 0
console.log(`log written: ${r1(statSync(file).size / 2 ** 20)} MB`)

// The log from its own origin, as a support engineer's ?log= link would fetch it.
const logServer = createServer((request, response) => {
  response.writeHead(200, {
    'content-type': 'application/x-ndjson',
    'content-length': String(statSync(file).size),
    'access-control-allow-origin': '*',
  })
  if (request.method === 'HEAD') return response.end()
  createReadStream(file).pipe(response)
})
await new Promise<void>((r) => logServer.listen(0, '127.0.0.1', r))
const logAddress = logServer.address()
const logUrl = `http://127.0.0.1:${typeof logAddress === 'object' && logAddress ? logAddress.port : 0}/bench.ndjson`

// STATIC_DIR: another build of the client (a variant measured beside the current one)
const { base, browser, close } = await startAppAndBrowser(ARGS, process.env.STATIC_DIR || undefined)

let figures: Record<string, unknown> | undefined
try {
  const page = await (
    await browser.newContext({ viewport: { width: 1366, height: 900 } })
  ).newPage()
  await page.addInitScript(OBSERVE)
  const startTrace = () =>
    browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'blink.user_timing',
      ],
    })
  const printTrace = (what: string, json: string, profile: Profile | null) => {
    const summary = summariseTrace(json)
    console.log(
      `trace (${what}): ${summary.longTasks} tasks over 50 ms, longest ${r1(summary.longestMs)} ms; inside them:`,
    )
    for (const row of summary.inside)
      console.log(`  ${row.name.padEnd(40)} ${String(row.ms).padStart(7)} ms  ×${row.count}`)
    if (!TASKS) return
    const tasks = longTasksOf(json)
    const origin = tasks[0]?.ts ?? 0
    for (const task of tasks) {
      console.log(`  task at +${Math.round((task.ts - origin) / 1000)} ms: ${task.ms} ms`)
      for (const row of task.inside)
        console.log(`    ${String(row.ms).padStart(7)} ms  ${row.name}`)
      if (profile)
        for (const row of selfTimes(profile, 6, task.ts, task.ts + task.ms * 1000))
          console.log(`      ${String(row.ms).padStart(7)} ms self  ${row.name}`)
    }
  }
  const printProfile = (what: string, profile: Profile) => {
    console.log(`profile (${what}), self time:`)
    for (const row of selfTimes(profile))
      console.log(`  ${String(row.ms).padStart(7)} ms  ${row.name}`)
  }
  const stopTrace = async () => (await browser.stopTracing()).toString('utf8')
  if (TRACE) await startTrace()
  let profile = PROFILE ? await startRawCpuProfile(page) : null
  const started = Date.now()
  await page.goto(`${base}/replay?log=${encodeURIComponent(logUrl)}`)
  await page.getByRole('button', { name: 'Jump', exact: true }).waitFor({ timeout: 300_000 })
  // the whole first screen: the meeting screen at the start and the event list too
  await page.getByRole('region', { name: 'What the user saw' }).locator('main').waitFor()
  await page.getByRole('listbox', { name: 'Events' }).waitFor()
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  )
  const firstRenderMs = Date.now() - started
  console.log(
    `first screen (fetch, first chunk parsed in the worker and folded, meeting screen): ${firstRenderMs} ms (target ≤ ${TARGET_FIRST_SCREEN_MS} ms)`,
  )
  // opening goes on behind the first screen until the progress bar and its Cancel go
  await page
    .getByRole('button', { name: 'Cancel', exact: true })
    .waitFor({ state: 'detached', timeout: 600_000 })
  const openMs = Date.now() - started
  {
    const json = TRACE ? await stopTrace() : null
    const done = profile ? await profile() : null
    if (json) printTrace('opening', json, done)
    if (done) printProfile('opening', done)
  }
  const openedAt = (await page.evaluate('performance.now()')) as number
  const openTasks = (
    (await page.evaluate('window.longTasks')) as { start: number; ms: number }[]
  ).filter((t) => t.start <= openedAt)
  const openLongest = openTasks.reduce((m, t) => Math.max(m, t.ms), 0)
  if (TASKS)
    console.log(
      `tasks over 50 ms while opening (start: duration, ms): ${openTasks.map((t) => `${Math.round(t.start)}: ${Math.round(t.ms)}`).join(', ')}`,
    )
  const readout = await page.locator('[aria-label="Position"]').first().textContent()
  console.log(
    `whole log open: ${openMs} ms (${readout?.replace(/^.*of /, '').replace(/ ·.*/, '')} steps)`,
  )
  console.log(
    `main-thread tasks over 50 ms while opening: ${openTasks.length}, longest ${r1(openLongest)} ms (target: none over ${TARGET_OPEN_TASK_MS} ms)`,
  )
  const baselineMs = (await page.evaluate(`(async () => {
    const t0 = performance.now()
    const bytes = await (await fetch(${JSON.stringify(logUrl)})).arrayBuffer()
    return bytes.byteLength > 0 ? performance.now() - t0 : -1
  })()`)) as number
  console.log(
    `baseline, the log's bytes fetched alone in the same page: ${r1(baselineMs)} ms; whole open ${r1(openMs / baselineMs)}× that`,
  )

  if (TRACE) await startTrace()
  profile = PROFILE ? await startRawCpuProfile(page) : null
  const random = prng(7)
  const seeks: number[] = []
  let from = Number.POSITIVE_INFINITY
  for (let i = 0; i < SEEKS; i++) {
    const seq = Math.floor(random() * lastSeq)
    const { t0, ms } = (await page.evaluate(`(${SEEK})(${seq})`)) as { t0: number; ms: number }
    from = Math.min(from, t0)
    seeks.push(r1(ms))
    console.log(`seek ${String(i + 1).padStart(2)} to event #${seq}: ${r1(ms)} ms`)
  }
  {
    const json = TRACE ? await stopTrace() : null
    const done = profile ? await profile() : null
    if (json) printTrace('seeking', json, done)
    if (done) printProfile('seeking', done)
  }
  const longTasks = (
    (await page.evaluate('window.longTasks')) as { start: number; ms: number }[]
  ).filter((t) => t.start >= from)
  const longest = longTasks.reduce((m, t) => Math.max(m, t.ms), 0)
  const seekMedian = median(seeks)
  const seekMax = Math.max(...seeks)
  console.log(
    `seek median ${seekMedian} ms, max ${seekMax} ms (target ≤ ${TARGET_SEEK_MS} ms median)`,
  )
  console.log(
    `long tasks over 50 ms while seeking: ${longTasks.length}, longest ${r1(longest)} ms (target: none over ${TARGET_LONG_TASK_MS} ms)`,
  )
  figures = {
    bench: 'replay',
    load: r1(loadavg()[0] as number),
    events: EVENTS,
    firstRenderMs,
    openMs,
    openLongTasks: openTasks.length,
    openLongestTaskMs: r1(openLongest),
    fetchBaselineMs: r1(baselineMs),
    seeks,
    seekMedianMs: seekMedian,
    seekMaxMs: seekMax,
    longTasksWhileSeeking: longTasks.length,
    longestTaskMs: r1(longest),
    withinTarget:
      seekMedian <= TARGET_SEEK_MS &&
      longest <= TARGET_LONG_TASK_MS &&
      firstRenderMs <= TARGET_FIRST_SCREEN_MS &&
      openLongest <= TARGET_OPEN_TASK_MS,
  }
} finally {
  await close()
  logServer.close()
}
console.log(JSON.stringify(figures))
