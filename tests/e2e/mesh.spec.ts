import { resolve } from 'node:path'
import { expect, test, type Page } from './support/test'
import { buildApp, type App } from '../../src/server/app'
import { joinRoom, roomName } from './support/room'

// The run's server sends media through the Janus SFU; this one keeps the peer-to-peer mesh
// (MEDIA=mesh), the engine of a server without Janus.
let app: App
let origin: string

test.beforeAll(async () => {
  app = await buildApp({
    memory: true,
    staticDir: resolve('dist'),
    logger: false,
    settings: { media: 'mesh' },
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

test('[TRACK-1] without the SFU the mesh carries the host video browser to browser', async ({
  browser,
}) => {
  const room = roomName('mesh')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' }, origin)
  const guest = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' }, origin)
  const tile = guest.getByRole('figure', { name: 'Hana Host', exact: true })
  await expect(tile).toHaveAttribute('data-video', 'on', { timeout: 15_000 })
  await expect.poll(() => frames(guest, 'Hana Host')).toBeGreaterThan(5)
  // Peer to peer: the server says so (and serves no SFU signalling at all).
  const config = await guest.evaluate(() => fetch('/api/config').then((r) => r.json()))
  expect(config.data.media).toBe('mesh')
  await host.context().close()
})
