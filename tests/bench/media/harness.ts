import { build } from 'esbuild'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { BASE_CHROMIUM_ARGS, MEDIA_CHROMIUM_ARGS, startAppAndBrowser } from '../support/app-browser'

export interface Harness {
  readonly url: string
  /** The folder the bench page is served from. */
  readonly dir: string
  readonly browser: Browser
  /** A new participant page (its own cookies, so its own visitor), of this server or another. */
  page(origin?: string): Promise<Page>
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
  const {
    base: url,
    browser,
    close,
  } = await startAppAndBrowser(
    [...BASE_CHROMIUM_ARGS, '--disable-component-update', ...MEDIA_CHROMIUM_ARGS],
    dir,
  )
  return {
    url,
    dir,
    browser,
    async page(origin = url) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(`${origin}/index.html`)
      await page.waitForFunction(() => 'bench' in window)
      return page
    },
    close,
  }
}
