import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { filter, firstValueFrom } from 'rxjs'
import { afterAll, describe, expect, it } from 'vitest'
import { settingsFromEnv } from '../../../src/server/config'
import { locateJanus } from '../../../src/server/media/janus/locate'
import { JanusSupervisor } from '../../../src/server/media/janus/supervisor'
import { MediaPlane } from '../../../src/server/media/plane'
import { startServer } from '../harness'

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }
const base = { janusUrls: [], secret: 'test-secret', log: quiet }

describe('the media plane', () => {
  const cleanup: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const undo of cleanup.reverse()) await undo()
  })

  it('reads MEDIA and JANUS_URL, refusing values it cannot use', () => {
    expect(settingsFromEnv({}).media).toBe('auto')
    expect(settingsFromEnv({ MEDIA: 'sfu' }).media).toBe('sfu')
    expect(() => settingsFromEnv({ MEDIA: 'p2p' })).toThrow(/MEDIA must be sfu, mesh or auto/)
    expect(settingsFromEnv({ JANUS_URL: 'ws://a:8188, wss://b/janus' }).janusUrls).toEqual([
      'ws://a:8188',
      'wss://b/janus',
    ])
    expect(() => settingsFromEnv({ JANUS_URL: 'http://a:8088' })).toThrow(/JANUS_URL/)
  })

  it('runs the mesh when asked, or when Janus is missing and MEDIA is auto', async () => {
    const mesh = await MediaPlane.start({ ...base, media: 'mesh' })
    expect(mesh.describe()).toBe('media: peer-to-peer mesh (MEDIA=mesh)')
    const missing = await MediaPlane.start({ ...base, media: 'auto', locate: () => undefined })
    expect(missing.info).toEqual({ engine: 'mesh', why: 'Janus is not installed' })
    expect(missing.describe()).toBe('media: peer-to-peer mesh (Janus is not installed)')
  })

  it('refuses to start with MEDIA=sfu and no Janus', async () => {
    await expect(
      MediaPlane.start({ ...base, media: 'sfu', locate: () => undefined }),
    ).rejects.toThrow(/MEDIA=sfu but Janus is not installed/)
  })

  it('starts its own Janus with MEDIA=auto, tells clients the SFU runs, and stops it on close', async () => {
    const server = await startServer({ settings: { media: 'auto' } })
    cleanup.push(() => server.close())
    expect(server.app.media.describe()).toBe(
      'media: Janus SFU (started and supervised by this server)',
    )
    const answer = await (await fetch(`${server.url}/api/config`)).json()
    expect(answer.data).toMatchObject({ mode: 'local', media: 'sfu' })
    await firstValueFrom(server.app.media.up$.pipe(filter(Boolean)))
    await server.close()
    cleanup.pop()
  }, 120_000)

  it('a server without a media engine says the mesh runs, and that live and recording are off and why', async () => {
    const server = await startServer()
    cleanup.push(() => server.close())
    const answer = await (await fetch(`${server.url}/api/config`)).json()
    expect(answer.data.media).toBe('mesh')
    expect(answer.data.live).toEqual({
      available: false,
      why: 'live and recording need the Janus media server (MEDIA=sfu, or auto with Janus installed)',
    })
    expect(server.app.deps.broadcasts.describe()).toMatch(/^live and recording: off \(.*Janus/)
  }, 120_000)

  it('uses external Janus servers from JANUS_URL, with their token', async () => {
    const install = locateJanus()
    if (!install)
      throw new Error('Janus is not installed (apt-get install janus): .ci/run installs it')
    const dir = mkdtempSync(join(tmpdir(), 'roomcast-janus-'))
    const external = new JanusSupervisor({ install, dir, log: quiet })
    const endpoint = await external.start()
    cleanup.push(async () => {
      await external.stop()
      rmSync(dir, { recursive: true, force: true })
    })
    const plane = await MediaPlane.start({
      ...base,
      media: 'auto',
      janusUrls: [endpoint.url],
      janusToken: endpoint.token,
    })
    cleanup.push(() => plane.stop())
    expect(plane.describe()).toBe('media: Janus SFU (1 external server, JANUS_URL)')
    await firstValueFrom(plane.up$.pipe(filter(Boolean)))
    const server = plane.serverFor('room-a')
    await server.rooms.ensure(plane.roomRef('room-a'), { publishers: 2 })
    await expect(server.rooms.publishers(plane.roomRef('room-a'))).resolves.toEqual([])
  })

  it('pins each room to one server and derives its Janus id and secret the same way every time', async () => {
    const plane = await MediaPlane.start({
      ...base,
      media: 'sfu',
      janusUrls: ['ws://127.0.0.1:1', 'ws://127.0.0.1:2', 'ws://127.0.0.1:3'],
    })
    cleanup.push(() => plane.stop())
    const again = await MediaPlane.start({ ...base, media: 'sfu', janusUrls: ['ws://127.0.0.1:1'] })
    cleanup.push(() => again.stop())
    expect(plane.roomRef('c1')).toEqual(again.roomRef('c1'))
    expect(plane.roomRef('c1').id).not.toBe(plane.roomRef('c2').id)
    expect(plane.roomRef('c1').secret).not.toBe(plane.roomRef('c2').secret)
    expect(Number.isSafeInteger(plane.roomRef('c1').id)).toBe(true)
    const other = await MediaPlane.start({
      ...base,
      secret: 'another',
      media: 'sfu',
      janusUrls: ['ws://x:1'],
    })
    cleanup.push(() => other.stop())
    expect(other.roomRef('c1')).not.toEqual(plane.roomRef('c1'))
    const pins = new Set(
      Array.from({ length: 30 }, (_, i) => plane.servers.indexOf(plane.serverFor(`room-${i}`))),
    )
    expect(pins.size).toBe(3)
    expect(plane.serverFor('room-7')).toBe(plane.serverFor('room-7'))
  })
})
