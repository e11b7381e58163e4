import { build } from 'esbuild'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { buildApp, type App } from '../../../src/server/app'

/** The end-to-end tests' Chromium flags (playwright.config.ts), without importing its setup. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
]

export interface Harness {
  readonly url: string
  readonly browser: Browser
  /** A new participant page (its own cookies, so its own visitor). */
  page(): Promise<Page>
  close(): Promise<void>
}

/** The real server with a bundle of the real adapters as its only page, and Chromium. */
export async function startHarness(): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-media-bench-'))
  await build({
    entryPoints: [new URL('./page.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    outfile: join(dir, 'bench.js'),
    logLevel: 'warning',
  })
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><script type="module" src="/bench.js"></script></body></html>',
  )
  const app: App = await buildApp({ memory: true, staticDir: dir, logger: false })
  await app.fastify.listen({ port: 0, host: '127.0.0.1' })
  const address = app.fastify.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const url = `http://127.0.0.1:${port}`
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
  return {
    url,
    browser,
    async page() {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(`${url}/index.html`)
      await page.waitForFunction(() => 'bench' in window)
      return page
    },
    async close() {
      await browser.close()
      await app.close()
    },
  }
}
