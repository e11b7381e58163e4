import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { presence, rooms } from '../../src/server/jobs'
import { enter, meeting, ROOM, roomName, RtmClient, startServer, type TestServer } from './harness'

// The jobs run here on a clock the tests move (their own timers are too slow to fire).
let server: TestServer
let offset = 0
beforeAll(async () => {
  server = await startServer({
    now: () => Date.now() + offset,
    settings: {
      presenceGraceMs: 60_000,
      inactiveAfterMs: 120_000,
      inactiveGraceMs: 60_000,
      meetingMaxMinutes: 60,
    },
  })
})
afterAll(() => server.close())

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
async function offline(uid: string) {
  while (server.app.hub.isOnline(uid)) await sleep(10)
}

describe('presence and room lifetime', () => {
  it('[KICK-2] [HOME-6] a dropped member is removed with reason serverTimeOut, announced, and its seat freed', async () => {
    const name = roomName('drop')
    const host = await enter(server, { roomName: name, role: 1, roomType: 0 })
    const guest = await enter(server, { roomName: name, role: 2, roomType: 0 })
    const hostRtm = await RtmClient.join(server, host)
    const guestRtm = await RtmClient.join(server, guest)
    const full = await enter(server, { roomName: name, role: 2 }).catch((e: Error) => e.message)
    expect(full).toContain('1103')
    guestRtm.close()
    await offline(guest.me.uid)
    offset += 30_000
    await presence(server.app.deps)
    expect((await host.client.get(`${host.path}/user/page`)).body.data.total).toBe(2)
    offset += 31_000
    await presence(server.app.deps)
    const left = await hostRtm.message(2, (m) => m.data.type === 'leave')
    expect(left.data).toMatchObject({
      reason: 'serverTimeOut',
      member: { uid: guest.me.uid, userState: 0 },
    })
    expect(left.from).toBe('server')
    const next = await enter(server, { roomName: name, role: 2 })
    expect(next.me.role).toBe(2)
    hostRtm.close()
  })

  it('[KICK-2] a member who reconnects within the grace period stays', async () => {
    const { host, guest } = await meeting(server)
    const hostRtm = await RtmClient.join(server, host)
    const first = await RtmClient.join(server, guest)
    first.close()
    await offline(guest.me.uid)
    offset += 40_000
    await presence(server.app.deps)
    const again = await RtmClient.join(server, guest)
    offset += 40_000
    await presence(server.app.deps)
    const list = (await host.client.get(`${host.path}/user/page`)).body.data.list
    expect(list.map((m: any) => m.uid)).toContain(guest.me.uid)
    expect(hostRtm.messages(2).filter((m) => m.data.type === 'leave')).toEqual([])
    again.close()
    hostRtm.close()
  })

  it('[KICK-2] the job writes "seen" only for online members not seen within half the grace', async () => {
    const { host } = await meeting(server)
    const hostRtm = await RtmClient.join(server, host)
    const seen = async () => {
      const { rows } = await server.app.db.query<{ seen_at: string }>(
        'SELECT seen_at FROM room_members WHERE room_id = $1 AND uid = $2',
        [host.room.roomId, host.me.uid],
      )
      return Number(rows[0]!.seen_at)
    }
    await presence(server.app.deps)
    const first = await seen()
    offset += 20_000
    await presence(server.app.deps)
    expect(await seen()).toBe(first)
    offset += 15_000
    await presence(server.app.deps)
    expect(await seen()).toBeGreaterThanOrEqual(first + 35_000)
    hostRtm.close()
  })

  it('[INACTIVE-1] [INACTIVE-3] a room without its host is warned (cmd 25), then everyone is exited (cmd 26) and it ends', async () => {
    const { host, guest } = await meeting(server)
    const hostRtm = await RtmClient.join(server, host)
    const guestRtm = await RtmClient.join(server, guest)
    await rooms(server.app.deps)
    hostRtm.close()
    await offline(host.me.uid)
    offset += 61_000
    await presence(server.app.deps)
    offset += 121_000
    await rooms(server.app.deps)
    expect((await guestRtm.message(25)).data.seconds).toBe(60)
    offset += 61_000
    await rooms(server.app.deps)
    await guestRtm.message(26)
    expect((await guestRtm.message(13)).data.reason).toBe('inactive')
    expect(
      (await guest.client.get(`${ROOM}room/${guest.room.roomId}/simple`)).body.data.state,
    ).toBe(0)
    guestRtm.close()
  })

  it('[INACTIVE-2] a host who comes back withdraws the warning (cmd 28)', async () => {
    const { host, guest } = await meeting(server)
    const guestRtm = await RtmClient.join(server, guest)
    await server.app.db.query('UPDATE rooms SET inactive_warned_at = $2 WHERE room_id = $1', [
      host.room.roomId,
      Date.now() + offset,
    ])
    await rooms(server.app.deps)
    expect((await guestRtm.message(28)).from).toBe('server')
    guestRtm.close()
  })

  it('[COUNT-2] a room past its time limit ends (meeting end, reason countdown)', async () => {
    const { host, guest, roomId } = await meeting(server)
    const guestRtm = await RtmClient.join(server, guest)
    const surplus = await host.client.get(`/api/scene/1/service/v1/meeting/surplus/${roomId}/info`)
    expect(surplus.body.data).toBe(60)
    offset += 61 * 60_000
    await rooms(server.app.deps)
    expect((await guestRtm.message(13)).data.reason).toBe('countdown')
    guestRtm.close()
  })
})
