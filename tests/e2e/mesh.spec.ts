import { expect, test } from './support/test'
import type { App } from '../../src/server/app'
import { appServer } from './support/app-server'
import { framesIn } from './support/frames'
import { joinRoom, roomName } from './support/room'

// The run's server sends media through the Janus SFU; this one keeps the peer-to-peer mesh
// (MEDIA=mesh), the engine of a server without Janus.
let app: App
let origin: string

test.beforeAll(async () => {
  ;({ app, origin } = await appServer({ media: 'mesh' }))
})

test.afterAll(async () => {
  await app?.close()
})

test('[TRACK-1] without the SFU the mesh carries the host video browser to browser', async ({
  browser,
}) => {
  const room = roomName('mesh')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' }, origin)
  const guest = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' }, origin)
  const tile = guest.getByRole('figure', { name: 'Hana Host', exact: true })
  await expect(tile).toHaveAttribute('data-video', 'on')
  await expect.poll(() => framesIn(guest, 'Hana Host')).toBeGreaterThan(5)
  // Peer to peer: the server says so (and serves no SFU signalling at all).
  const config = await guest.evaluate(() => fetch('/api/config').then((r) => r.json()))
  expect(config.data.media).toBe('mesh')
  await host.context().close()
})
