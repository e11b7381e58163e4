import { resolve } from 'node:path'
import { expect, test, type Page } from './support/test'
import { buildApp, type App } from '../../src/server/app'
import { joinRoom, roomName } from './support/room'

// A server of its own with its own Janus, which this test kills (the run's Janus stays up).
let app: App
let origin: string

test.beforeAll(async () => {
  app = await buildApp({
    memory: true,
    staticDir: resolve('dist'),
    logger: false,
    settings: { media: 'sfu' },
  })
  origin = await app.fastify.listen({ host: '127.0.0.1', port: 0 })
})

test.afterAll(async () => {
  await app?.close()
})

/** Frames a tile's video shows over a second (requestVideoFrameCallback). */
function frames(page: Page, name: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((done) => {
        const video = document.querySelector(`figure[aria-label="${name}"] video`)
        if (!(video instanceof HTMLVideoElement)) return done(-1)
        let count = 0
        const tick = () => {
          count++
          video.requestVideoFrameCallback(tick)
        }
        video.requestVideoFrameCallback(tick)
        setTimeout(() => done(count), 1000)
      }),
    name,
  )
}

test('when the media server dies the room says so and chat goes on; when it is back the video is too', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const room = roomName('janus-down')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' }, origin)
  const guest = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' }, origin)
  await expect.poll(() => frames(guest, 'Hana Host'), { timeout: 20_000 }).toBeGreaterThan(5)

  const notice = (page: Page) =>
    page.getByRole('status').filter({ hasText: 'Media server unavailable' })
  // Watched from before the kill: the supervisor starts Janus again within a second or two.
  const seen = [host, guest].map((page) =>
    notice(page).waitFor({ state: 'visible', timeout: 20_000 }),
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
  await expect.poll(() => frames(guest, 'Hana Host'), { timeout: 30_000 }).toBeGreaterThan(5)
})
