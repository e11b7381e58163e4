import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { meeting, RtmClient, startServer, type TestServer } from '../harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const chat = (userId: string, message: string, userName = 'x', avatar?: string) =>
  JSON.stringify({
    cmd: 1,
    version: 1,
    timestamp: Date.now(),
    data: { userId, userName, message, ...(avatar ? { avatar } : {}) },
  })

async function room() {
  const m = await meeting(server)
  const host = await RtmClient.join(server, m.host)
  const guest = await RtmClient.join(server, m.guest)
  return { ...m, hostRtm: host, guestRtm: guest, channel: m.host.room.channelName as string }
}

describe('what a member says on the channel is vetted against the roster', () => {
  it('[CMD-1] a chat line carries its sender’s name from the roster, not the name it claims', async () => {
    const { guest, hostRtm, guestRtm, channel } = await room()
    const sent = await guestRtm.request({
      t: 'channelMessage',
      channel,
      text: chat(guest.me.userId, 'I am the host now', 'Hana', 'https://evil.example/a.png'),
    })
    expect(sent.t).toBe('ack')
    const line = await hostRtm.message(1, (m) => m.data.message === 'I am the host now')
    expect(line.data).toMatchObject({ userId: guest.me.userId, userName: 'Carl' })
    expect(line.data.avatar ?? '').not.toContain('evil.example')
    hostRtm.close()
    guestRtm.close()
  })

  it('[APPLY-6] mute-all-chat: a conferee’s line is refused (chatMuted) and reaches nobody; a host still talks', async () => {
    const { host, guest, hostRtm, guestRtm, channel } = await room()
    expect((await host.client.post(host.path, { muteAllChat: 1 })).body.code).toBe(0)
    await guestRtm.message(3, (m) => m.data.muteAllChat === 1)
    const refused = await guestRtm.request({
      t: 'channelMessage',
      channel,
      text: chat(guest.me.userId, 'shh'),
    })
    expect(refused).toMatchObject({ t: 'error', code: 'chatMuted', message: 'chat is muted' })
    expect(
      (
        await hostRtm.request({
          t: 'channelMessage',
          channel,
          text: chat(host.me.userId, 'host speaks'),
        })
      ).t,
    ).toBe('ack')
    await guestRtm.message(1, (m) => m.data.message === 'host speaks')
    // Unmuted, the conferee talks again; the refused line was never relayed.
    await host.client.post(host.path, { muteAllChat: 0 })
    await guestRtm.message(3, (m) => m.data.muteAllChat === 0)
    await guestRtm.request({ t: 'channelMessage', channel, text: chat(guest.me.userId, 'back') })
    await hostRtm.message(1, (m) => m.data.message === 'back')
    expect(hostRtm.messages(1).map((m) => m.data.message)).toEqual(['back'])
    hostRtm.close()
    guestRtm.close()
  })

  it('[APPLY-6] a conferee whose own chat a host turned off is refused too', async () => {
    const { host, guest, hostRtm, guestRtm, channel } = await room()
    // The conferee spoke before: what the roster said then is not what vets the next line.
    expect(
      await guestRtm.request({ t: 'channelMessage', channel, text: chat(guest.me.userId, 'yes') }),
    ).toMatchObject({ t: 'ack' })
    const off = await host.client.post(`${host.path}/user/${guest.me.userId}`, { enableChat: 0 })
    expect(off.body.code).toBe(0)
    expect(
      await guestRtm.request({ t: 'channelMessage', channel, text: chat(guest.me.userId, 'no') }),
    ).toMatchObject({ t: 'error', code: 'chatMuted' })
    hostRtm.close()
    guestRtm.close()
  })
})
