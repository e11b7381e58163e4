import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { meeting, RtmClient, startServer, type TestServer } from '../harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function room() {
  const m = await meeting(server)
  const host = await RtmClient.join(server, m.host)
  const guest = await RtmClient.join(server, m.guest)
  return { ...m, hostRtm: host, guestRtm: guest, channel: m.host.room.channelName as string }
}

/** A peer cmd 2 answer ([APPLY-1]: role 2 applicant, action 1 accept) as a client would send it. */
const answer = (from: { userId: string; userName: string; uid: string }) =>
  JSON.stringify({
    cmd: 2,
    version: 1,
    timestamp: Date.now(),
    data: { ...from, type: 1, role: 2, action: 1 },
  })

describe('what only a host may do on the realtime service', () => {
  it('[MSG-9] [ROLE-2] channel attributes: a host writes them; a conferee is refused and changes nothing', async () => {
    const { hostRtm, guestRtm, channel } = await room()
    expect(
      await hostRtm.request({
        t: 'addOrUpdateAttributes',
        channel,
        attributes: { topic: 'maths' },
      }),
    ).toMatchObject({ t: 'ack' })
    await guestRtm.next((f) => f.t === 'attributesUpdated' && f.attributes.topic === 'maths')
    for (const frame of [
      { t: 'addOrUpdateAttributes', channel, attributes: { topic: 'hacked' } },
      { t: 'setAttributes', channel, attributes: { only: 'mine' } },
      { t: 'deleteAttributes', channel, keys: ['topic'] },
    ])
      expect(await guestRtm.request(frame)).toMatchObject({ t: 'error', code: 'forbidden' })
    expect((await guestRtm.request({ t: 'getAttributes', channel })).data.attributes).toEqual({
      topic: 'maths',
    })
    await sleep(100)
    expect(hostRtm.pushed.filter((f) => f.t === 'attributesUpdated')).toHaveLength(1)
    hostRtm.close()
    guestRtm.close()
  })

  it('[APPLY-5] [ROLE-2] peer cmd 2 (an answer to an application) is relayed from a host only', async () => {
    const { host, guest, hostRtm, guestRtm } = await room()
    const forged = await guestRtm.request({
      t: 'peerMessage',
      to: host.me.uid,
      text: answer({ userId: guest.me.userId, userName: 'Hana', uid: guest.me.uid }),
    })
    expect(forged).toMatchObject({ t: 'error', code: 'forbidden' })
    const real = await hostRtm.request({
      t: 'peerMessage',
      to: guest.me.uid,
      text: answer({ userId: host.me.userId, userName: 'Hana', uid: host.me.uid }),
    })
    expect(real).toMatchObject({ t: 'ack', data: { delivered: true } })
    await guestRtm.next((f) => f.t === 'peerMessage' && f.from === host.me.uid)
    await sleep(100)
    expect(hostRtm.pushed.filter((f) => f.t === 'peerMessage')).toEqual([])
    // Signalling and other peer traffic between members still flows both ways.
    expect(
      await guestRtm.request({ t: 'peerMessage', to: host.me.uid, text: '{"sdp":"answer"}' }),
    ).toMatchObject({ t: 'ack', data: { delivered: true } })
    hostRtm.close()
    guestRtm.close()
  })
})
