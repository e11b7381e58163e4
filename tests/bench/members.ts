/**
 * `npm run bench:members`: scrolling the host's member list through a 10,000-member lecture hall
 * (`N` overrides), in Chromium against the real server and the built client. The list is
 * scrolled a screen at a time from top to bottom, two frames a step; the long tasks (over 50 ms)
 * seen meanwhile are printed beside those of the same page left idle for the same time, the
 * baseline of what the page and the machine give anyway. Target: no long task over 50 ms while
 * scrolling. Last line: one JSON object.
 */
import { chromium } from '@playwright/test'
import { buildClient, clientOut, clientStale } from '../../scripts/build-client.mjs'
import { buildApp } from '../../src/server/app'
import { crowdName, seedCrowd } from '../support/crowd'
import { BASE_CHROMIUM_ARGS } from './support/app-browser'

const MEMBERS = Number(process.env.N ?? 10_000)
// The client as its sources are now (built again when any is newer than dist/).
if (clientStale()) {
  console.log('building the client (dist/ is missing or older than its sources)…')
  if (buildClient() !== 0) throw new Error('the client did not build')
}

const app = await buildApp({
  memory: true,
  staticDir: clientOut,
  logger: false,
  // The seeded members hold no realtime connection: keep them present for the whole bench.
  settings: { presenceGraceMs: 3_600_000 },
})
const base = await app.fastify.listen({ host: '127.0.0.1', port: 0 })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: BASE_CHROMIUM_ARGS,
})
try {
  const page = await (
    await browser.newContext({ viewport: { width: 1366, height: 768 } })
  ).newPage()
  // tsx keeps function names with a helper the page lacks: give the page a no-op one.
  await page.addInitScript('window.__name = (f) => f')
  const room = `bench-members-${Date.now().toString(36)}`
  await page.goto(`${base}/home`)
  await page.getByLabel('Room name').fill(room)
  await page.getByLabel('Your name').fill('Hana Host')
  await page.getByLabel('Room type').selectOption({ label: 'Lecture hall' })
  await page.getByLabel('Role').selectOption({ label: 'Host' })
  await page.getByLabel('Password').fill('bench-pw')
  await page.getByRole('button', { name: 'Join' }).click()
  await page.getByText(/\d+ online/).waitFor()
  const membersButton = page
    .getByRole('navigation', { name: 'Meeting menu' })
    .getByRole('button', { name: 'Members' })
  await membersButton.click()
  const seedStart = Date.now()
  await seedCrowd(app, room, MEMBERS)
  const seedSeconds = (Date.now() - seedStart) / 1000
  await membersButton.click()
  await page.getByText(`Conferees (${MEMBERS})`).waitFor({ timeout: 300_000 })
  const list = page.getByRole('list', { name: 'Members' })
  await list.getByText(crowdName(0)).waitFor()

  const result = await list.evaluate(async (element) => {
    const watch = () => {
      const durations: number[] = []
      const observer = new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries()) durations.push(entry.duration)
      })
      observer.observe({ type: 'longtask', buffered: false })
      return () => (observer.disconnect(), durations)
    }
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    const stopScroll = watch()
    const steps: number[] = []
    while (element.scrollTop + element.clientHeight < element.scrollHeight - 1) {
      const before = performance.now()
      element.scrollTop += element.clientHeight
      await frame()
      await frame()
      steps.push(performance.now() - before)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    const scrolling = stopScroll()
    const scrolledMs = steps.reduce((a, b) => a + b, 0)
    const stopIdle = watch()
    await new Promise((resolve) => setTimeout(resolve, scrolledMs))
    const idle = stopIdle()
    const sorted = [...steps].sort((a, b) => a - b)
    return {
      scrolling,
      idle,
      scrolledMs,
      steps: steps.length,
      stepMedianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
      stepMaxMs: sorted.at(-1) ?? 0,
      rows: element.querySelectorAll('[role=listitem]').length,
    }
  })
  const over50 = (xs: number[]) => xs.filter((d) => d > 50).map(Math.round)
  const figures = {
    bench: 'members',
    members: MEMBERS,
    seedSeconds: Number(seedSeconds.toFixed(1)),
    scrollSteps: result.steps,
    renderedRows: result.rows,
    stepMedianMs: Number(result.stepMedianMs.toFixed(1)),
    stepMaxMs: Number(result.stepMaxMs.toFixed(1)),
    scrolledMs: Math.round(result.scrolledMs),
    longTasksScrolling: result.scrolling.map(Math.round),
    longTasksIdleBaseline: result.idle.map(Math.round),
    target: { longTaskOver50ms: 'none', met: over50(result.scrolling).length === 0 },
  }
  console.log(`${MEMBERS} members seeded in ${figures.seedSeconds} s`)
  console.log(
    `scroll: ${figures.scrollSteps} steps, step median ${figures.stepMedianMs} ms, max ${figures.stepMaxMs} ms, ${figures.renderedRows} rows rendered`,
  )
  console.log(
    `long tasks over 50 ms: scrolling [${over50(result.scrolling).join(', ')}], idle for the same ${figures.scrolledMs} ms [${over50(result.idle).join(', ')}]`,
  )
  console.log(
    `target (no long task over 50 ms while scrolling): ${figures.target.met ? 'met' : 'NOT met'}`,
  )
  console.log(JSON.stringify(figures))
} finally {
  await browser.close()
  await app.close()
}
