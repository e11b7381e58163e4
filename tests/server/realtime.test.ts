import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, RtmClient, startServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

async function enter(roomName: string, userName: string, role: 1 | 2) {
  const { body } = await new Client(server.url).call(
    'POST',
    '/api/s1/serve/roomcast/v1/room/entry',
    {
      roomName,
      userName,
      roomType: 1,
      role,
      password: 'pw',
    },
  )
  const rtm = await RtmClient.open(server.wsUrl)
  const me = body.data.me
  expect(await rtm.request({ t: 'login', uid: me.uid, token: me.rtmToken })).toMatchObject({
    t: 'ack',
  })
  const joined = await rtm.request({ t: 'join', channel: body.data.roomInfo.channelName })
  return {
    rtm,
    me,
    channel: body.data.roomInfo.channelName as string,
    members: joined.data.members as string[],
  }
}

const chat = (userId: string, message: string, cmd = 1) =>
  JSON.stringify({ cmd, version: 1, timestamp: 1, data: { userId, userName: 'x', message } })

describe('realtime service', () => {
  it('[MSG-9] announces joins and delivers channel chat to the other members only', async () => {
    const room = `rt-${Date.now()}`
    const host = await enter(room, 'Host', 1)
    const guest = await enter(room, 'Guest', 2)
    expect(guest.members.sort()).toEqual([host.me.uid, guest.me.uid].sort())
    await host.rtm.next((f) => f.t === 'memberJoined' && f.uid === guest.me.uid)
    expect(
      await host.rtm.request({
        t: 'channelMessage',
        channel: host.channel,
        text: chat(host.me.userId, 'hello'),
      }),
    ).toMatchObject({ t: 'ack' })
    const got = await guest.rtm.next((f) => f.t === 'channelMessage' && f.from === host.me.uid)
    expect(JSON.parse(got.text).data.message).toBe('hello')
    expect(host.rtm.pushed.some((f) => f.t === 'channelMessage' && f.from === host.me.uid)).toBe(
      false,
    )
    host.rtm.close()
    guest.rtm.close()
  })

  it('[HOST-6] refuses a privileged command from a client, and nobody else sees it', async () => {
    const room = `priv-${Date.now()}`
    const host = await enter(room, 'Host', 1)
    const guest = await enter(room, 'Guest', 2)
    const kick = JSON.stringify({
      cmd: 8,
      version: 1,
      timestamp: 1,
      data: { userId: guest.me.userId },
    })
    const refused = await guest.rtm.request({
      t: 'channelMessage',
      channel: guest.channel,
      text: kick,
    })
    expect(refused).toMatchObject({ t: 'error', code: 'forbidden' })
    // A later, allowed message arrives first: the refused one was never relayed.
    await guest.rtm.request({
      t: 'channelMessage',
      channel: guest.channel,
      text: chat(guest.me.userId, 'after'),
    })
    await host.rtm.next(
      (f) => f.t === 'channelMessage' && JSON.parse(f.text).data.message === 'after',
    )
    expect(
      host.rtm.pushed.filter((f) => f.t === 'channelMessage' && JSON.parse(f.text).cmd === 8),
    ).toEqual([])
    host.rtm.close()
    guest.rtm.close()
  })

  it('refuses a chat that claims another sender', async () => {
    const guest = await enter(`spoof-${Date.now()}`, 'Host', 1)
    expect(
      await guest.rtm.request({
        t: 'channelMessage',
        channel: guest.channel,
        text: chat('someone-else', 'hi'),
      }),
    ).toMatchObject({
      t: 'error',
      code: 'forbidden',
    })
    guest.rtm.close()
  })

  it('answers a malformed frame with an error frame and keeps the connection usable', async () => {
    const rtm = await RtmClient.open(server.wsUrl)
    rtm.sendRaw('{not json')
    expect(await rtm.next((f) => f.t === 'error')).toMatchObject({ code: 'badFrame' })
    rtm.sendRaw(JSON.stringify({ t: 'join', id: 5 }))
    expect(await rtm.next((f) => f.t === 'error' && f.id === 5)).toMatchObject({ code: 'badFrame' })
    expect(await rtm.request({ t: 'ping' })).toMatchObject({ t: 'ack' })
    rtm.close()
  })

  it('refuses a bad token and a channel the token does not admit', async () => {
    const a = await enter(`tok-${Date.now()}`, 'Host', 1)
    const rtm = await RtmClient.open(server.wsUrl)
    expect(
      await rtm.request({ t: 'login', uid: a.me.uid, token: a.me.rtmToken + 'x' }),
    ).toMatchObject({ code: 'unauthorized' })
    expect(await a.rtm.request({ t: 'join', channel: 'somebody-elses-room' })).toMatchObject({
      code: 'forbidden',
    })
    a.rtm.close()
    rtm.close()
  })

  it('a second login of the same uid closes the first with a remote-login reason', async () => {
    const a = await enter(`dup-${Date.now()}`, 'Host', 1)
    const second = await RtmClient.open(server.wsUrl)
    const closed = new Promise<number>((resolve) =>
      a.rtm.socket.once('close', (code) => resolve(code)),
    )
    expect(await second.request({ t: 'login', uid: a.me.uid, token: a.me.rtmToken })).toMatchObject(
      { t: 'ack' },
    )
    expect(
      await a.rtm.next((f) => f.t === 'connectionStateChanged' && f.state === 'ABORTED'),
    ).toMatchObject({ reason: 'REMOTE_LOGIN' })
    expect(await closed).toBe(4001)
    second.close()
  })
})
