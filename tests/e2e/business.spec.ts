import { expect, test, type Browser, type Page } from './support/test'
import { joinRoom, roomIdOf, roomName, watch } from './support/room'

/**
 * The business features with one room and three people for the whole file (one server, shared
 * contexts, so the spec stays fast): a host, a conferee and a CDN audience watching on a phone.
 */
test.describe.configure({ mode: 'serial' })

let host: Page
let carl: Page
let ada: Page
let roomId: string

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  const room = roomName('biz')
  host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  roomId = await roomIdOf(host)
  ada = await watch(browser, roomId, 'Ada Audience')
})

test.afterAll(async () => {
  await Promise.all([host, carl, ada].map((p) => p?.context().close()))
})

/** The server's hot number for the room, asked with the page's own login. */
async function serverHotNum(page: Page): Promise<number> {
  const answer = await page.request.get(`/api/s1/serve/roomcast/v1/room/${roomId}/hotNum`)
  return ((await answer.json()) as { data: { hotNum: number } }).data.hotNum
}

test("[LIKE-1] [CMD-9] [CMD-24] [MSG-5] a like changes the hot number everyone sees to the server's", async () => {
  const before = await serverHotNum(host)
  await expect(host.getByText(`Hot ${before}`)).toBeVisible()
  await carl.getByRole('button', { name: 'Like' }).click()
  await ada.getByRole('button', { name: 'Like' }).click()
  await expect.poll(() => serverHotNum(host)).toBe(before + 2)
  for (const page of [host, carl, ada])
    await expect(page.getByText(`Hot ${before + 2}`, { exact: true })).toBeVisible()
})
