/**
 * `npm run bench:board`: the local whiteboard in Chromium against the real server.
 * - stroke: time from a stroke entering one page's surface to it showing on another page
 *   (median and p99 over 100 strokes), with the same stroke's local apply as the baseline;
 * - render: the board's render time with 5,000 elements (a full scene set, and a camera move),
 *   with an empty scene as the baseline.
 * Last line: one JSON object.
 */
import type { Browser, Page } from '@playwright/test'
import { BASE_CHROMIUM_ARGS, startAppAndBrowser } from './support/app-browser'

const STROKES = 100
const ELEMENTS = 5000
const RENDER_RUNS = 7
const ARGS = [
  ...BASE_CHROMIUM_ARGS,
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
]

const median = (xs: number[]) => percentile(xs, 50)
function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return Number((sorted[Math.max(0, index)] ?? NaN).toFixed(2))
}

async function enter(browser: Browser, base: string, room: string, name: string, role: string) {
  const page = await (
    await browser.newContext({ viewport: { width: 1400, height: 900 } })
  ).newPage()
  await page.goto(`${base}/home`)
  await page.getByLabel('Room name').fill(room)
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('Role').selectOption({ label: role })
  await page.getByLabel('Password').fill('bench')
  await page.getByRole('button', { name: 'Join' }).click()
  await page.waitForURL(/\/meeting(\?|$)/)
  await page.getByText(/\d+ online/).waitFor()
  return page
}

/** JavaScript bytes the page has loaded so far (its resource entries from `from` on). */
const loadedJs = (page: Page, from = 0) =>
  page.evaluate(
    (from) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .slice(from)
        .filter((e) => e.name.endsWith('.js'))
        .reduce((sum, e) => sum + e.decodedBodySize, 0),
    from,
  )

async function onBoard(page: Page) {
  await page.locator('[data-testid="board-view"][data-joined="true"]').waitFor({ timeout: 30_000 })
  await page.locator('.excalidraw__canvas.interactive').waitFor({ timeout: 30_000 })
  await page.waitForFunction(() => {
    const node = document.querySelector('[data-testid="board-surface"]') as unknown as {
      roomcastBoard?: unknown
    }
    return Boolean(node?.roomcastBoard)
  })
}

/** The host shares the board from the meeting menu; answers the JavaScript that loaded. */
async function share(host: Page): Promise<{ firstJs: number; boardJs: number }> {
  const firstJs = await loadedJs(host)
  const before = await host.evaluate(() => performance.getEntriesByType('resource').length)
  await host
    .getByRole('navigation', { name: 'Meeting menu' })
    .getByRole('button', { name: 'More' })
    .click()
  await host.getByRole('menuitem', { name: 'Whiteboard', exact: true }).click()
  await onBoard(host)
  return { firstJs, boardJs: await loadedJs(host, before) }
}

/** Page-side helpers: a freedraw element and the surface's API. */
const PAGE_LIB = `
  window.benchSurface = () => document.querySelector('[data-testid="board-surface"]')
  window.benchApi = () => window.benchSurface().roomcastBoard.api
  window.benchNow = () => performance.timeOrigin + performance.now()
  const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
  // Fractional indices in order ('a0'…'az', 'b00'…), as a drawing session leaves them.
  window.benchIndex = (i) => i < 62 ? 'a' + DIGITS[i] : 'b' + DIGITS[Math.floor((i - 62) / 62)] + DIGITS[(i - 62) % 62]
  window.benchElement = (id, i, type = 'freedraw') => {
    const x = (i % 100) * 24, y = Math.floor(i / 100) * 24
    const base = { id, type, x, y, width: 20, height: 20, angle: 0, strokeColor: '#1e1e1e',
      backgroundColor: 'transparent', fillStyle: 'solid', strokeWidth: 2, strokeStyle: 'solid',
      roughness: 1, opacity: 100, groupIds: [], frameId: null, roundness: null, seed: i + 1,
      version: 2, versionNonce: i * 7919 + 1, isDeleted: false, boundElements: null,
      updated: 1, link: null, locked: false, index: window.benchIndex(i) }
    if (type === 'freedraw')
      return { ...base, points: [[0, 0], [5, 8], [10, 12], [15, 15], [20, 20]], pressures: [],
        simulatePressure: true, lastCommittedPoint: null }
    if (type === 'line')
      return { ...base, points: [[0, 0], [20, 20]], lastCommittedPoint: null, startBinding: null,
        endBinding: null, startArrowhead: null, endArrowhead: null }
    return base
  }
  window.benchFrames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  // Main-thread time of a change: the work before the next task (the framework's commit), plus
  // the work done in the next frame before this callback (the canvas render), without the idle
  // wait for the frame itself.
  window.benchWork = async (change) => {
    const t0 = performance.now()
    change()
    await new Promise((r) => setTimeout(r, 0))
    const beforeFrame = performance.now() - t0
    const inFrame = await new Promise((r) => requestAnimationFrame((start) => r(performance.now() - start)))
    return beforeFrame + inFrame
  }
  window.benchCount = () => Number(window.benchSurface().dataset.elements || 0)
  window.benchWaitCount = (n) => new Promise((resolve) => {
    if (window.benchCount() >= n) return resolve(window.benchNow())
    const observer = new MutationObserver(() => {
      if (window.benchCount() >= n) { observer.disconnect(); resolve(window.benchNow()) }
    })
    observer.observe(window.benchSurface(), { attributes: true, attributeFilter: ['data-elements'] })
  })
`

async function strokes(writer: Page, reader: Page) {
  const remote: number[] = []
  const local: number[] = []
  for (let i = 0; i < STROKES; i++) {
    const waiting = reader.evaluate((n) => (window as any).benchWaitCount(n), i + 1)
    const [start, shownHere] = await writer.evaluate((i) => {
      const w = window as any
      const api = w.benchApi()
      const at = w.benchNow()
      api.updateScene({
        elements: [...api.getSceneElementsIncludingDeleted(), w.benchElement(`s${i}`, i)],
        captureUpdate: 'IMMEDIATELY',
      })
      return [at, w.benchNow()]
    }, i)
    const shownThere = await waiting
    remote.push(shownThere - start)
    local.push(shownHere - start)
  }
  return { remote, local }
}

async function render(page: Page) {
  await page.evaluate(async () => {
    const w = window as any
    w.benchApi().updateScene({ elements: [], captureUpdate: 'NEVER' })
    await w.benchFrames()
  })
  const measure = (count: number) =>
    page.evaluate(async (count) => {
      const w = window as any
      const api = w.benchApi()
      const types = ['freedraw', 'rectangle', 'ellipse', 'line']
      const elements = Array.from({ length: count }, (_, i) =>
        w.benchElement(`r${count}-${i}-${Math.random()}`, i, types[i % types.length]),
      )
      // Zoomed out so that every element is in view: nothing is culled.
      api.updateScene({
        elements: [],
        appState: { zoom: { value: 0.2 }, scrollX: 40, scrollY: 40 },
        captureUpdate: 'NEVER',
      })
      await w.benchFrames()
      const full = await w.benchWork(() => api.updateScene({ elements, captureUpdate: 'NEVER' }))
      await w.benchFrames()
      const moves: number[] = []
      for (let k = 0; k < 5; k++) {
        const state = api.getAppState()
        moves.push(
          await w.benchWork(() =>
            api.updateScene({ appState: { scrollX: state.scrollX + 3 }, captureUpdate: 'NEVER' }),
          ),
        )
        await w.benchFrames()
      }
      moves.sort((a, b) => a - b)
      return { full: full as number, move: moves[2] as number }
    }, count)
  const empty: number[] = []
  const fullRuns: number[] = []
  const moveRuns: number[] = []
  const emptyMoves: number[] = []
  for (let run = 0; run < RENDER_RUNS; run++) {
    const base = await measure(1)
    empty.push(base.full)
    emptyMoves.push(base.move)
    const big = await measure(ELEMENTS)
    fullRuns.push(big.full)
    moveRuns.push(big.move)
  }
  return { empty, emptyMoves, fullRuns, moveRuns }
}

async function main() {
  const { base, browser, close } = await startAppAndBrowser(ARGS)
  try {
    const room = `bench-${Date.now()}`
    const writer = await enter(browser, base, room, 'Writer', 'Host')
    const reader = await enter(browser, base, room, 'Reader', 'Conferee')
    const bytes = await share(writer)
    await onBoard(reader)
    for (const page of [writer, reader]) await page.evaluate(PAGE_LIB)
    const kb = (n: number) => Math.round(n / 1024)
    console.log(
      `JavaScript loaded: up to the meeting screen ${kb(bytes.firstJs)} KB; opening the board adds ${kb(bytes.boardJs)} KB (uncompressed)`,
    )
    // Warm up the path once.
    await strokes(writer, reader).then(
      () => undefined,
      () => undefined,
    )
    await writer.evaluate(() => (window as any).benchSurface().roomcastBoard.board.clearPage())
    await reader.waitForFunction(() => (window as any).benchCount() === 0)
    const { remote, local } = await strokes(writer, reader)
    console.log(
      `stroke to the other page over ${STROKES} strokes: median ${median(remote)} ms, p99 ${percentile(remote, 99)} ms`,
    )
    console.log(
      `baseline, the same stroke shown on its own page: median ${median(local)} ms, p99 ${percentile(local, 99)} ms`,
    )
    const r = await render(reader)
    console.log(
      `render ${ELEMENTS} elements (scene set, main-thread time): median ${median(r.fullRuns)} ms; baseline 1 element ${median(r.empty)} ms`,
    )
    console.log(
      `render ${ELEMENTS} elements (camera move, main-thread time): median ${median(r.moveRuns)} ms; baseline 1 element ${median(r.emptyMoves)} ms`,
    )
    const result = {
      bench: 'board',
      strokes: STROKES,
      strokeMedianMs: median(remote),
      strokeP99Ms: percentile(remote, 99),
      strokeLocalMedianMs: median(local),
      meetingJsKb: kb(bytes.firstJs),
      boardJsKb: kb(bytes.boardJs),
      elements: ELEMENTS,
      renderSceneMedianMs: median(r.fullRuns),
      renderMoveMedianMs: median(r.moveRuns),
      renderBaselineMs: median(r.empty),
      targets: { strokeMedianMs: 100, renderMs: 50 },
      strokeOk: median(remote) <= 100,
      renderOk: median(r.moveRuns) <= 50,
    }
    console.log(JSON.stringify(result))
  } finally {
    await close()
  }
}

await main()
