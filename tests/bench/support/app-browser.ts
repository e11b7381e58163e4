import { chromium, type Browser } from '@playwright/test'
import { buildClient, clientOut, clientStale } from '../../../scripts/build-client.mjs'
import { buildApp, type BuildOptions } from '../../../src/server/app'

/** The Chromium flags every browser bench starts from (as the e2e tests, without their setup). */
export const BASE_CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
]

/** Fake camera and microphone, granted, and WebRTC over loopback. */
export const MEDIA_CHROMIUM_ARGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
]

export interface AppBrowser {
  /** The server's address, `http://127.0.0.1:{port}`. */
  readonly base: string
  readonly browser: Browser
  close(): Promise<void>
}

/**
 * The real server (embedded database in memory) on a free loopback port, serving `staticDir`
 * (default: the built client, built first when missing or older than its sources, as `npm start`
 * does), and Debian's Chromium with `args`.
 */
export async function startAppAndBrowser(
  args: readonly string[],
  staticDir = clientOut,
  settings: BuildOptions['settings'] = {},
): Promise<AppBrowser> {
  // The bench measures the client as its sources are now: built again when any is newer.
  if (staticDir === clientOut && clientStale()) {
    console.log('building the client (dist/ is missing or older than its sources)…')
    if (buildClient() !== 0) throw new Error('the client did not build')
  }
  const app = await buildApp({ memory: true, logger: false, staticDir, settings })
  const base = await app.fastify.listen({ host: '127.0.0.1', port: 0 })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...args],
  })
  return {
    base,
    browser,
    async close() {
      await browser.close()
      await app.close()
    },
  }
}
