import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { build } from 'esbuild'
import { chromium } from '@playwright/test'
import { r1, type FoldFigures } from '../fold-run'
import { BASE_CHROMIUM_ARGS } from './app-browser'

const entry = new URL('../fold-browser.ts', import.meta.url).pathname

/**
 * A page that is cross-origin isolated (a trustworthy origin with COOP and COEP): its clock reads
 * to 5 µs rather than 100 µs. Playwright answers it; nothing listens on the port.
 */
const PAGE = 'http://localhost/fold-bench'
const ISOLATED = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
}

/**
 * The largest peak resident set (VmHWM) among the renderer processes under `pid`, in MB; null
 * where /proc cannot tell (not Linux).
 */
function rendererPeakMB(pid: number): number | null {
  try {
    const parent = new Map<number, number>()
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
        parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
      } catch {
        // the process ended while we looked
      }
    }
    const under = (p: number): boolean => {
      for (let q = parent.get(p); q !== undefined && q > 1; q = parent.get(q))
        if (q === pid) return true
      return false
    }
    let peak: number | null = null
    for (const p of parent.keys()) {
      if (!under(p)) continue
      const cmdline = readFileSync(`/proc/${p}/cmdline`, 'utf8')
      if (!cmdline.includes('--type=renderer')) continue
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))
      if (hwm) peak = Math.max(peak ?? 0, Number(hwm[1]) / 1024)
    }
    return peak
  } catch {
    return null
  }
}

/**
 * Runs the fold bench's measurements in Debian's Chromium (the engine the client folds in): the
 * measurement code bundled for the browser, in a fresh isolated page; the heap is read after a
 * full collection through the DevTools protocol. Progress lines go to `say`.
 */
export async function foldInChromium(
  count: number,
  checkpointEvery: number,
  say: (line: string) => void,
): Promise<FoldFigures & { peakRssMB: number | null }> {
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  })
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(executablePath))
    throw new Error(
      `no Chromium at ${executablePath}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH`,
    )
  const server = await chromium.launchServer({
    executablePath,
    args: [...BASE_CHROMIUM_ARGS, '--js-flags=--max-old-space-size=8192'],
  })
  try {
    const browser = await chromium.connect(server.wsEndpoint())
    const page = await browser.newPage()
    page.on('console', (message) => say(message.text()))
    const devtools = await page.context().newCDPSession(page)
    await page.exposeFunction('foldBenchHeapMB', async () => {
      await devtools.send('HeapProfiler.collectGarbage')
      const { usedSize } = await devtools.send('Runtime.getHeapUsage')
      return usedSize / 2 ** 20
    })
    await page.route(PAGE, (route) =>
      route.fulfill({ contentType: 'text/html', headers: ISOLATED, body: '<!doctype html>' }),
    )
    await page.goto(PAGE)
    if (!(await page.evaluate(() => crossOriginIsolated)))
      throw new Error('the bench page is not cross-origin isolated: its clock would be coarse')
    await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' })
    const figures = await page.evaluate(
      ([n, every]) =>
        (
          globalThis as unknown as {
            runFoldBench: (count: number, checkpointEvery: number) => Promise<FoldFigures>
          }
        ).runFoldBench(n, every),
      [count, checkpointEvery] as const,
    )
    const pid = server.process().pid
    const peak = pid === undefined ? null : rendererPeakMB(pid)
    return { ...figures, peakRssMB: peak === null ? null : r1(peak) }
  } finally {
    await server.close()
  }
}
