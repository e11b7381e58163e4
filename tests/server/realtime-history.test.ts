import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../src/server/app'
import { presence } from '../../src/server/jobs'
import { Client, enter, meeting, RtmClient, startServer, type TestServer } from './harness'

const chat = (userId: string, message: string, id?: string) =>
  JSON.stringify({
    cmd: 1,
    version: 1,
    timestamp: Date.now(),
    data: { userId, userName: 'x', message, ...(id ? { id } : {}) },
  })
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('channel history (one server)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer()
  }, 180_000)
  afterAll(() => server.close())

  it('numbers members’ messages in order, relays them with their seq and answers it', async () => {
    const { host, guest } = await meeting(server)
    const hostRtm = await RtmClient.join(server, host)
    const guestRtm = await RtmClient.join(server, guest)
    const channel = host.room.channelName
    const acks = await Promise.all(
      ['one', 'two', 'three'].map((m) =>
        hostRtm.request({ t: 'channelMessage', channel, text: chat(host.me.userId, m) }),
      ),
    )
    const seqs = acks.map((a) => a.data.seq)
    expect(seqs[1]).toBe(seqs[0] + 1)
    expect(seqs[2]).toBe(seqs[0] + 2)
    await guestRtm.next((f) => f.t === 'channelMessage' && f.seq === seqs[2])
    const relayed = guestRtm.pushed.filter((f) => f.t === 'channelMessage' && f.from !== 'server')
    expect(relayed.map((f) => [f.seq, JSON.parse(f.text).data.message])).toEqual([
      [seqs[0], 'one'],
      [seqs[1], 'two'],
      [seqs[2], 'three'],
    ])
    hostRtm.close()
    guestRtm.close()
  })

  it('gives a member who dropped exactly what it missed, and a newcomer nothing from before it came', async () => {
    const { host, guest, name } = await meeting(server)
    const hostRtm = await RtmClient.join(server, host)
    const channel = host.room.channelName
    const before = await hostRtm.request({
      t: 'channelMessage',
      channel,
      text: chat(host.me.userId, 'before the guest listened'),
    })
    const guestRtm = await RtmClient.join(server, guest)
    const joined = await guestRtm.request({ t: 'join', channel })
    expect(joined.data.lastSeq).toBe(before.data.seq)
    const seen = await hostRtm.request({
      t: 'channelMessage',
      channel,
      text: chat(host.me.userId, 'seen'),
    })
    await guestRtm.next((f) => f.seq === seen.data.seq)
    guestRtm.close()
    const missed = []
    for (const m of ['missed 1', 'missed 2'])
      missed.push(
        await hostRtm.request({ t: 'channelMessage', channel, text: chat(host.me.userId, m) }),
      )
    const back = await RtmClient.join(server, guest)
    const history = await back.request({ t: 'history', channel, since: seen.data.seq })
    expect(history.data.complete).toBe(true)
    expect(history.data.last).toBe(missed[1].data.seq)
    expect(
      history.data.messages.map((m: any) => [m.seq, m.from, JSON.parse(m.text).data.message]),
    ).toEqual([
      [missed[0].data.seq, host.me.uid, 'missed 1'],
      [missed[1].data.seq, host.me.uid, 'missed 2'],
    ])
    // A newcomer asking from 0 gets nothing said before it entered the room.
    const late = await enter(server, { roomName: name, userName: 'Late', role: 2 })
    const lateRtm = await RtmClient.join(server, late)
    const none = await lateRtm.request({ t: 'history', channel, since: 0 })
    expect(none.data).toMatchObject({ messages: [], last: missed[1].data.seq, complete: false })
    lateRtm.close()
    hostRtm.close()
    back.close()
  })

  it('keeps and relays a resent message once: the same sender and id answer the first seq', async () => {
    const { host, guest } = await meeting(server)
    const hostRtm = await RtmClient.join(server, host)
    const guestRtm = await RtmClient.join(server, guest)
    const channel = host.room.channelName
    const text = chat(host.me.userId, 'only once', 'msg-1')
    const first = await hostRtm.request({ t: 'channelMessage', channel, text })
    const again = await hostRtm.request({ t: 'channelMessage', channel, text })
    expect(again).toMatchObject({ t: 'ack', data: { seq: first.data.seq } })
    const after = await hostRtm.request({
      t: 'channelMessage',
      channel,
      text: chat(host.me.userId, 'next'),
    })
    await guestRtm.next((f) => f.seq === after.data.seq)
    const onces = guestRtm.pushed.filter(
      (f) => f.t === 'channelMessage' && f.text.includes('only once'),
    )
    expect(onces).toHaveLength(1)
    hostRtm.close()
    guestRtm.close()
  })

  it('refuses history to a member no longer in the room, and to a socket not in the channel', async () => {
    const { host, guest } = await meeting(server)
    const guestRtm = await RtmClient.join(server, guest)
    const channel = host.room.channelName
    const outside = await RtmClient.open(server.wsUrl)
    await outside.request({ t: 'login', uid: host.me.uid, token: host.me.rtmToken })
    expect(await outside.request({ t: 'history', channel, since: 0 })).toMatchObject({
      t: 'error',
      code: 'notJoined',
    })
    await guest.client.get(`${guest.path}/user/${guest.me.uid}/exit?role=2&reason=leave`)
    // Its token still opens the channel, but the room's history is not its to read.
    const gone = await RtmClient.join(server, guest)
    expect(await gone.request({ t: 'history', channel, since: 0 })).toMatchObject({
      t: 'error',
      code: 'forbidden',
    })
    gone.close()
    outside.close()
    guestRtm.close()
  })
})

describe('across a restart (same data folder)', () => {
  const dirs: string[] = []
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })
  let offset = 0
  async function serve(dataDir: string): Promise<{ app: App; server: TestServer }> {
    const app = await buildApp({
      dataDir,
      logger: false,
      now: () => Date.now() + offset,
      settings: { presenceGraceMs: 30_000 },
    })
    const url = await app.fastify.listen({ host: '127.0.0.1', port: 0 })
    return {
      app,
      server: { app, url, wsUrl: url.replace('http', 'ws') + '/rtm', close: () => app.close() },
    }
  }

  it('[KICK-2] numbers go on where they stopped, the history is kept, and the grace starts again when the server is back, role and grants kept', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'roomcast-history-'))
    dirs.push(dataDir)
    const first = await serve(dataDir)
    const { host, guest } = await meeting(first.server)
    const channel = host.room.channelName
    await host.client.post(`${host.path}/user/${guest.me.uid}/board`, { grant: 1 })
    const hostRtm = await RtmClient.join(first.server, host)
    const guestRtm = await RtmClient.join(first.server, guest)
    const kept = await hostRtm.request({
      t: 'channelMessage',
      channel,
      text: chat(host.me.userId, 'kept'),
    })
    await guestRtm.next((f) => f.seq === kept.data.seq)
    const unseen = await hostRtm.request({
      t: 'channelMessage',
      channel,
      text: chat(host.me.userId, 'unseen'),
    })
    hostRtm.close()
    guestRtm.close()
    await first.app.close()

    // Down for longer than the grace: the members' last marks are now older than it.
    offset += 45_000
    const second = await serve(dataDir)
    for (const who of [host, guest]) who.client.retarget(second.server.url)
    await presence(second.app.deps)
    const page = await host.client.get(`${host.path}/user/page`)
    expect(page.body.data.total).toBe(2)
    // The guest kept its role and its board grant (it is still the board's creator).
    const guestEntry = page.body.data.list.find((m: any) => m.uid === guest.me.uid)
    expect(guestEntry).toMatchObject({ role: 2, grantBoard: 1 })
    const room = await host.client.get(`${host.path}`)
    expect(room.body.data.room).toMatchObject({ shareBoard: 1, createBoardUserId: guest.me.uid })

    const back = await RtmClient.join(second.server, guest)
    const history = await back.request({ t: 'history', channel, since: kept.data.seq })
    expect(history.data.messages.map((m: any) => JSON.parse(m.text).data.message)).toEqual([
      'unseen',
    ])
    const hostBack = await RtmClient.join(second.server, host)
    const next = await hostBack.request({
      t: 'channelMessage',
      channel,
      text: chat(host.me.userId, 'after'),
    })
    expect(next.data.seq).toBe(unseen.data.seq + 1)

    // The host never came back in time: after the grace from the restart it is gone.
    hostBack.close()
    while (second.app.hub.isOnline(host.me.uid)) await sleep(10)
    offset += 31_000
    await presence(second.app.deps)
    const after = await new Client(second.server.url)
      .get(`${host.path}/user/page`)
      .then(() => guest.client.get(`${guest.path}/user/page`))
    expect(after.body.data.list.map((m: any) => m.uid)).toEqual([guest.me.uid])
    back.close()
    await second.app.close()
  }, 240_000)
})
