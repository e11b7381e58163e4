import { defineConfig } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SMS_RESEND_SECONDS } from './tests/e2e/support/sms'

// One server for the run, on a free port, with a fresh data folder. Workers inherit the values.
process.env.E2E_PORT ??= execFileSync(process.execPath, ['scripts/free-port.mjs']).toString().trim()
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'roomcast-e2e-'))
process.env.E2E_SMS_PORT ??= execFileSync(process.execPath, ['scripts/free-port.mjs'])
  .toString()
  .trim()
const port = Number(process.env.E2E_PORT)

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
]

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // Limits for hangs, sized for a loaded machine: with two `npm test` runs side by side on 2 cores
  // (load 15-20) tests took 2-4 times as long as alone. A passing step returns as soon as its
  // condition holds; speed is measured by the bench scripts, never by these limits.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    // A failed test keeps its trace (actions with DOM snapshots, network, console, timings), not
    // its screencast: the screencast ran in every test, passing ones too. board-sync.spec, same
    // run, load 10-16: with it the test took 26.0 and 32.1 s and 20-26 s of CPU, without 13.9 and
    // 15.1 s and 15 s; a failure's trace.zip 26.8 MB with it, 0.29 MB without.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  webServer: {
    // `exec`: the server is the runner's own child, and stops when the runner is gone however it
    // went (EXIT_WITH_PARENT below; a `timeout` signals only its own process group, and Playwright
    // starts the server in a group of its own), taking its Janus along.
    command: `exec ${process.execPath} --import tsx src/server/main.ts`,
    url: `http://127.0.0.1:${port}/api/config`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      STATIC_DIR: 'dist',
      LOG_LEVEL: 'warn',
      // The RTMP ingest of input users on any free port (the API gives its URL).
      RTMP_PORT: '0',
      // The meeting flows run through the Janus SFU (tests/e2e/mesh.spec.ts keeps one on the mesh).
      MEDIA: 'sfu',
      // Login codes go to the SMS bridge the login tests run (tests/e2e/support/sms.ts).
      SMS_WEBHOOK_URL: `http://127.0.0.1:${process.env.E2E_SMS_PORT}/sms`,
      SMS_RESEND_SECONDS: String(SMS_RESEND_SECONDS),
      // Support staff who read problem reports (tests/e2e/secrets.spec.ts signs in as them).
      SUPPORT_ACCOUNTS: '13600000009',
      EXIT_WITH_PARENT: '1',
    },
  },
})
