import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enter, meeting, roomName, RtmClient, startServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('realtime service semantics', () => {
  it('[MSG-9] channel attributes: a host adds, updates, deletes; each is followed by AttributesUpdated', async () => {
    const { host, guest } = await meeting(server)
    const a = await RtmClient.join(server, host)
    const b = await RtmClient.join(server, guest)
    const channel = host.room.channelName
    await a.request({
      t: 'addOrUpdateAttributes',
      channel,
      attributes: { topic: 'maths', page: '1' },
    })
    expect((await b.next((f) => f.t === 'attributesUpdated')).attributes).toEqual({
      topic: 'maths',
      page: '1',
    })
    await a.request({ t: 'addOrUpdateAttributes', channel, attributes: { page: '2' } })
    await b.next((f) => f.t === 'attributesUpdated' && f.attributes.page === '2')
    await a.request({ t: 'deleteAttributes', channel, keys: ['topic'] })
    await b.next((f) => f.t === 'attributesUpdated' && !('topic' in f.attributes))
    expect((await b.request({ t: 'getAttributes', channel })).data.attributes).toEqual({
      page: '2',
    })
    await a.request({ t: 'setAttributes', channel, attributes: { only: 'this' } })
    expect((await b.request({ t: 'getAttributes', channel })).data.attributes).toEqual({
      only: 'this',
    })
    a.close()
    b.close()
  })

  it('[MSG-9] member count answers per channel; MemberCountUpdated comes at most once a second', async () => {
    const name = roomName('count')
    const first = await enter(server, { roomName: name, role: 1 })
    const others = [
      await enter(server, { roomName: name, role: 2 }),
      await enter(server, { roomName: name, role: 2 }),
    ]
    const watcher = await RtmClient.join(server, first)
    const sockets = await Promise.all(others.map((m) => RtmClient.join(server, m)))
    await sleep(2300)
    const updates = watcher.pushed.filter((f) => f.t === 'memberCountUpdated')
    expect(updates.length).toBeGreaterThanOrEqual(1)
    expect(updates.length).toBeLessThanOrEqual(3)
    expect(updates.at(-1).count).toBe(1 + sockets.length)
    const counts = await watcher.request({
      t: 'getMemberCount',
      channels: [first.room.channelName, 'nobody-here'],
    })
    expect(counts.data.counts).toEqual({
      [first.room.channelName]: 1 + sockets.length,
      'nobody-here': 0,
    })
    expect(
      (await watcher.request({ t: 'getMembers', channel: first.room.channelName })).data.members,
    ).toHaveLength(1 + sockets.length)
    sockets.forEach((s) => s.close())
    await watcher.next((f) => f.t === 'memberLeft')
    watcher.close()
  })

  it('[MSG-9] peers: online status, peer messages to an online uid, delivered false when offline', async () => {
    const { host, guest } = await meeting(server)
    const a = await RtmClient.join(server, host)
    const online = await a.request({ t: 'queryPeersOnline', uids: [guest.me.uid, host.me.uid] })
    expect(online.data.online).toEqual({ [guest.me.uid]: false, [host.me.uid]: true })
    expect((await a.request({ t: 'peerMessage', to: guest.me.uid, text: 'hello' })).data).toEqual({
      delivered: false,
    })
    const b = await RtmClient.join(server, guest)
    expect(
      (await a.request({ t: 'peerMessage', to: guest.me.uid, text: '{"sdp":"offer"}' })).data
        .delivered,
    ).toBe(true)
    expect(await b.next((f) => f.t === 'peerMessage')).toMatchObject({
      from: host.me.uid,
      text: '{"sdp":"offer"}',
    })
    a.close()
    b.close()
  })

  it('limits as Agora: 32 KB a message, 60 messages a second; the connection stays usable', async () => {
    const { host } = await meeting(server)
    const a = await RtmClient.join(server, host)
    const big = 'x'.repeat(33 * 1024)
    expect(await a.request({ t: 'peerMessage', to: host.me.uid, text: big })).toMatchObject({
      code: 'tooBig',
    })
    await sleep(1100)
    const answers = await Promise.all(Array.from({ length: 70 }, () => a.request({ t: 'ping' })))
    expect(answers.filter((f) => f.t === 'ack')).toHaveLength(60)
    expect(answers.filter((f) => f.code === 'rateLimited')).toHaveLength(10)
    await sleep(1100)
    expect(await a.request({ t: 'ping' })).toMatchObject({ t: 'ack' })
    a.close()
  })

  it('refuses requests before login, binary frames and unknown frame types; logout ends the session', async () => {
    const { host } = await meeting(server)
    const rtm = await RtmClient.open(server.wsUrl)
    expect(await rtm.request({ t: 'join', channel: host.room.channelName })).toMatchObject({
      code: 'notLoggedIn',
    })
    rtm.socket.send(Buffer.from([1, 2, 3]))
    expect(await rtm.next((f) => f.t === 'error' && f.code === 'badFrame')).toBeTruthy()
    expect(await rtm.request({ t: 'explode' })).toMatchObject({ t: 'error', code: 'badFrame' })
    expect(
      await rtm.request({ t: 'login', uid: host.me.uid, token: host.me.rtmToken }),
    ).toMatchObject({ t: 'ack' })
    expect(await rtm.request({ t: 'renewToken', token: 'forged.token' })).toMatchObject({
      code: 'unauthorized',
    })
    expect(await rtm.request({ t: 'renewToken', token: host.me.rtmToken })).toMatchObject({
      t: 'ack',
    })
    expect(await rtm.request({ t: 'logout' })).toMatchObject({ t: 'ack' })
    expect(await rtm.request({ t: 'getMembers', channel: host.room.channelName })).toMatchObject({
      code: 'notLoggedIn',
    })
    rtm.close()
    expect((await host.client.get('/api/config')).body.code).toBe(0)
  })
})
