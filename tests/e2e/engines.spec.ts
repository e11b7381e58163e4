import type { Page, Request } from '@playwright/test'
import type { App } from '../../src/server/app'
import { appServer } from './support/app-server'
import { shareBoard } from './board-helpers'
import { PASSWORD, roomName } from './support/room'
import { expect, test } from './support/test'

/** What only Agora's and Netless's SDKs carry: their cloud hosts. No script of ours names them. */
const CLOUD_HOSTS = /sd-rtn\.com|agora\.io|agoralab\.co|netless\.link|herewhite\.com/

/** Every request and WebSocket a page makes, and the scripts it ran with their text. */
function record(page: Page) {
  const requests: Request[] = []
  const sockets: string[] = []
  const scripts = new Map<string, Promise<string>>()
  page.on('request', (r) => requests.push(r))
  page.on('websocket', (ws) => sockets.push(ws.url()))
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script')
      scripts.set(
        r.url(),
        r.text().catch(() => ''),
      )
  })
  /** The scripts loaded so far that carry an SDK (they name the vendor's cloud). */
  const sdkScripts = async () => {
    const found: string[] = []
    for (const [url, text] of scripts) if (CLOUD_HOSTS.test(await text)) found.push(url)
    return found.map((u) => new URL(u).pathname)
  }
  return { requests, sockets, scripts, sdkScripts }
}

test('local mode makes no Agora or Netless call and loads none of their SDKs: every request and socket is to our server', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage()
  const seen = record(page)
  await page.goto('/home')
  await page.getByLabel('Room name').fill(roomName('engines-local'))
  await page.getByLabel('Your name').fill('Lola Local')
  await page.getByLabel('Role').selectOption({ label: 'Host' })
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Join' }).click()
  await expect(page.getByText(/\d+ online/)).toBeVisible({ timeout: 30_000 })
  // The board too (Agora mode's would load white-web-sdk).
  await shareBoard(page)

  const origin = new URL(page.url()).host
  const hosts = new Set([...seen.requests.map((r) => r.url()), ...seen.sockets].map(hostOf))
  expect([...hosts].filter((h) => h !== origin && h !== '')).toEqual([])
  expect(seen.scripts.size).toBeGreaterThan(10)
  expect(await seen.sdkScripts()).toEqual([])
  const names = [...seen.scripts.keys()].map((u) => new URL(u).pathname)
  expect(names.filter((n) => /agora|AgoraRTC|rtm-sdk|white-web|netless/i.test(n))).toEqual([])
})

let agora: { app: App; origin: string } | undefined
test.afterAll(async () => {
  await agora?.app.close()
})

test('Agora mode loads the SDK chunks only after Join, and a cloud that cannot be reached fails the join with the messaging timeout', async ({
  browser,
}) => {
  agora = await appServer({
    agoraAppId: '970CA35de60c44645bbae8a215061b33',
    agoraAppCertificate: '5CFd2fd1755d40ecb72977518be15d3b',
  })
  const page = await (await browser.newContext()).newPage()
  const seen = record(page)
  // Virtual timers: the 20 s join timeout is run forward, not waited for.
  await page.clock.install()
  await page.goto(`${agora.origin}/home`)
  await page.getByLabel('Room name').fill(roomName('engines-agora'))
  await page.getByLabel('Your name').fill('Ada Agora')
  await page.getByLabel('Role').selectOption({ label: 'Host' })
  await page.getByLabel('Password').fill(PASSWORD)
  await expect(page.getByRole('button', { name: 'Join' })).toBeEnabled()
  expect(await seen.sdkScripts()).toEqual([])

  await page.getByRole('button', { name: 'Join' }).click()
  // The RTM SDK (messaging logs in first) and the RTC SDK (media and devices) come after Join.
  await expect
    .poll(seen.sdkScripts)
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/agora-rtm-sdk/),
        expect.stringMatching(/AgoraRTC_N/),
      ]),
    )
  await page.clock.fastForward(21_000)
  await expect(page.getByText(/The messaging service could not be reached/)).toBeVisible()
})

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return ''
  }
}
