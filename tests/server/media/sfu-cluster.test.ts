import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locateJanus } from '../../../src/server/media/janus/locate'
import { JanusSupervisor } from '../../../src/server/media/janus/supervisor'
import { meeting, type TestServer } from '../harness'
import { clusterBackingInstalled, startServerPair, type ServerPair } from '../cluster-backing'
import { SfuPeer } from './sfu-peer'

/** Polls an asynchronous check until it holds. */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }

let pair: ServerPair | undefined
let janus: JanusSupervisor | undefined
let janusDir = ''
/** Two server processes' worth of server: one database, one Redis, one external Janus. */
let a: TestServer
let b: TestServer
const peers: SfuPeer[] = []

beforeAll(async () => {
  if (!clusterBackingInstalled) return
  const install = locateJanus()
  if (!install)
    throw new Error('Janus is not installed (apt-get install janus): .ci/run installs it')
  janusDir = mkdtempSync(join(tmpdir(), 'roomcast-janus-'))
  janus = new JanusSupervisor({ install, dir: janusDir, log: quiet })
  const endpoint = await janus.start()
  pair = await startServerPair({
    media: 'sfu',
    janusUrls: [endpoint.url],
    janusToken: endpoint.token,
  })
  if (pair) ({ a, b } = pair)
})
afterAll(async () => {
  for (const peer of peers) await peer.close().catch(() => undefined)
  await pair?.close()
  await janus?.stop()
  if (janusDir) rmSync(janusDir, { recursive: true, force: true })
})

/** A conferee publishing through process b; its host's REST calls are served by process a. */
async function publisherOnB(kinds: { audio?: boolean; video?: boolean }) {
  const { host, guest } = await meeting(a)
  const grant = {
    ...(kinds.audio ? { enableAudio: 1 } : {}),
    ...(kinds.video ? { enableVideo: 1 } : {}),
  }
  expect((await host.client.post(`${host.path}/user/${guest.me.uid}`, grant)).body.code).toBe(0)
  const peer = await SfuPeer.open(b, guest)
  peers.push(peer)
  expect((await peer.join()).t).toBe('ack')
  expect((await peer.publish(kinds)).t).toBe('ack')
  const ref = a.app.media.roomRef(host.room.channelName)
  const janusRooms = a.app.media.serverFor(host.room.channelName).rooms
  const feeds = () => janusRooms.publishers(ref)
  await until(async () => (await feeds()).length === 1, 30_000, 'the feed in Janus')
  return { host, guest, peer, feeds }
}

describe.skipIf(!clusterBackingInstalled)(
  'the SFU over two processes (REDIS_URL, one JANUS_URL)',
  () => {
    it('[KICK-3] a kick served by one process takes the member out of the Janus room its session on the other joined', async () => {
      const { host, guest, peer, feeds } = await publisherOnB({ video: true })
      await host.client.get(`${host.path}/user/${guest.me.uid}/exit?reason=kickUserBy`)
      expect(await peer.socket.next((f) => f.t === 'closed', 30_000)).toMatchObject({
        reason: 'kicked',
      })
      await until(async () => (await feeds()).length === 0, 30_000, 'the feed gone from Janus')
    })

    it('[MUTE-2] mute all served by one process silences at the SFU a conferee publishing through the other', async () => {
      const { host, peer } = await publisherOnB({ audio: true })
      expect((await host.client.post(host.path, { muteAllAudio: 1 })).body.code).toBe(0)
      expect(
        await peer.socket.next((f) => f.t === 'moderated' && f.kind === 'audio', 30_000),
      ).toMatchObject({ muted: true })
    })
  },
)
