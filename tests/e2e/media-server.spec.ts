import { expect, test, type Page } from './support/test'
import type { App } from '../../src/server/app'
import { appServer } from './support/app-server'
import { framesIn } from './support/frames'
import { joinRoom, roomName } from './support/room'

// A server of its own with its own Janus, which this test kills (the run's Janus stays up).
let app: App
let origin: string

test.beforeAll(async () => {
  ;({ app, origin } = await appServer({ media: 'sfu' }))
})

test.afterAll(async () => {
  await app?.close()
})

test('when the media server dies the room says so and chat goes on; when it is back the video is too', async ({
  browser,
}) => {
  const room = roomName('janus-down')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' }, origin)
  const guest = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' }, origin)
  await expect.poll(() => framesIn(guest, 'Hana Host')).toBeGreaterThan(5)

  const notice = (page: Page) =>
    page.getByRole('status').filter({ hasText: 'Media server unavailable' })
  // Watched from before the kill: the supervisor starts Janus again within a second or two.
  const seen = [host, guest].map((page) =>
    notice(page).waitFor({ state: 'visible', timeout: 30_000 }),
  )
  process.kill(app.media.supervisor!.pid!, 'SIGKILL')
  await Promise.all(seen)

  // Chat does not depend on the media server.
  await host.getByRole('textbox', { name: 'Say something' }).fill('Still here')
  await host.getByRole('button', { name: 'Send' }).click()
  await expect(guest.getByRole('list', { name: 'Chat' }).getByText('Still here')).toBeVisible()

  // Janus is back: the notice goes, the host publishes again and the guest sees frames again.
  await expect(notice(host)).toHaveCount(0, { timeout: 30_000 })
  await expect(notice(guest)).toHaveCount(0, { timeout: 30_000 })
  await expect.poll(() => framesIn(guest, 'Hana Host'), { timeout: 30_000 }).toBeGreaterThan(5)
})
