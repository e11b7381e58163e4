import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRoomKeys } from '../../../src/server/auth/room-keys'
import { hashPassword } from '../../../src/server/auth/passwords'
import { CROWD_THRESHOLD } from '../../../src/server/rooms/crowd'
import { insertMembers } from '../../../src/server/store/seats'
import { Client, enter, ROOM, roomName, RtmClient, startServer, type TestServer } from '../harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const entry = `${ROOM}room/entry`
const present = async (roomId: string) => {
  const { rows } = await server.app.db.query<{ role: number; n: string }>(
    'SELECT role, count(*) AS n FROM room_members WHERE room_id = $1 AND left_at IS NULL GROUP BY role ORDER BY role',
    [roomId],
  )
  return Object.fromEntries(rows.map((r) => [r.role, Number(r.n)]))
}

describe('entry of a crowd', () => {
  it('[HOME-1] a room keeps a keyed hash of its password; a room from before it is checked with scrypt once, then keyed', async () => {
    const host = await enter(server, { roomName: roomName('keyed'), password: 'open-sesame' })
    const read = async () =>
      (
        await server.app.db.query<{ password_key: string | null }>(
          'SELECT password_key FROM rooms WHERE room_id = $1',
          [host.room.roomId],
        )
      ).rows[0]!.password_key
    expect(await read()).toMatch(/^hmac\$/)
    // As a room created before the keyed hash: scrypt only.
    await server.app.db.query(
      'UPDATE rooms SET password_key = NULL, password_hash = $2 WHERE room_id = $1',
      [host.room.roomId, await hashPassword('open-sesame')],
    )
    const form = { roomName: host.room.roomName, roomType: 2, role: 2, userName: 'Bo' }
    const wrong = await new Client(server.url).post(entry, { ...form, password: 'nope' })
    expect(wrong.body).toMatchObject({ code: 1002, data: { field: 'password' } })
    expect(await read()).toBeNull()
    const right = await new Client(server.url).post(entry, { ...form, password: 'open-sesame' })
    expect(right.body.code).toBe(0)
    expect(await read()).toMatch(/^hmac\$/)
    const again = await new Client(server.url).post(entry, { ...form, password: 'nope' })
    expect(again.body.code).toBe(1002)
  })

  it('a keyed hash under another secret (ROOMCAST_SECRET changed) is not trusted either way', () => {
    const before = createRoomKeys('old-secret')
    const now = createRoomKeys('new-secret')
    const stored = before.key('r1', 'pw')
    expect(before.matches('r1', 'pw', stored)).toBe(true)
    expect(before.matches('r1', 'other', stored)).toBe(false)
    expect(before.matches('r2', 'pw', stored)).toBe(false)
    expect(now.matches('r1', 'pw', stored)).toBeUndefined()
    expect(now.matches('r1', 'pw', null)).toBeUndefined()
  })

  it('[HOME-6] forty conferees entering a small classroom at once: sixteen seated, the rest refused, one host', async () => {
    const host = await enter(server, { roomName: roomName('rush'), roomType: 1 })
    const form = { roomName: host.room.roomName, roomType: 1, password: 'pw' }
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        new Client(server.url).post(entry, { ...form, role: 2, userName: `c${i}` }),
      ),
    )
    const codes = answers.map((a) => a.body.code)
    expect(codes.filter((c) => c === 0)).toHaveLength(16)
    // The host is there too: the room is full ("teacher and student limit reached").
    expect(codes.filter((c) => c === 1103)).toHaveLength(24)
    const hosts = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        new Client(server.url).post(entry, { ...form, role: 1, userName: `h${i}` }),
      ),
    )
    expect(hosts.map((a) => a.body.code)).toEqual([1103, 1103, 1103])
    expect(await present(host.room.roomId)).toEqual({ 1: 1, 2: 16 })
  })

  it('[HOME-6] a re-entry in the same rush replaces the account’s earlier member; the seat it frees is its own', async () => {
    const host = await enter(server, { roomName: roomName('again'), roomType: 1 })
    const form = { roomName: host.room.roomName, roomType: 1, password: 'pw', role: 2 }
    const ann = new Client(server.url)
    const first = await ann.post(entry, { ...form, userName: 'Ann' })
    await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        new Client(server.url).post(entry, { ...form, userName: `c${i}` }),
      ),
    )
    // Full (16): Ann re-enters twice at once with a stranger; Ann keeps one seat, the stranger has none.
    const [again1, again2, stranger] = await Promise.all([
      ann.post(entry, { ...form, userName: 'Ann' }),
      ann.post(entry, { ...form, userName: 'Ann' }),
      new Client(server.url).post(entry, { ...form, userName: 'Zed' }),
    ])
    expect([again1.body.code, again2.body.code, stranger.body.code]).toEqual([0, 0, 1103])
    expect(await present(host.room.roomId)).toEqual({ 1: 1, 2: 16 })
    const { rows } = await server.app.db.query<{ uid: string }>(
      'SELECT uid FROM room_members WHERE room_id = $1 AND user_id = $2 AND left_at IS NULL',
      [host.room.roomId, first.body.data.me.userId],
    )
    expect(rows).toHaveLength(1)
  })

  it(`above ${CROWD_THRESHOLD} members an ordinary arrival is told to the hosts only, within a second; a publisher's (a host) to everyone`, async () => {
    const host = await enter(server, { roomName: roomName('hall') })
    const guest = await enter(server, { roomName: host.room.roomName, role: 2 })
    const hostRtm = await RtmClient.join(server, host)
    const guestRtm = await RtmClient.join(server, guest)
    await insertMembers(
      server.app.db,
      host.room.roomId,
      Array.from({ length: CROWD_THRESHOLD }, (_, i) => ({
        userId: `seed${i}`,
        userName: `Seed ${i}`,
        userPhoto: '',
        role: 2 as const,
        enableAudio: 0 as const,
        enableVideo: 0 as const,
        projectionId: '',
      })),
      Date.now(),
    )
    const quiet = await enter(server, { roomName: host.room.roomName, role: 2, userName: 'Quiet' })
    const told = await hostRtm.message(2, (m) => m.data.member.uid === quiet.me.uid, 30_000)
    expect(told).toMatchObject({ from: 'server', data: { type: 'join', userName: 'Quiet' } })
    // [ROLE-4] A conferee asking for its microphone at entry is not granted it: still ordinary.
    const asking = await new Client(server.url).post(entry, {
      roomName: host.room.roomName,
      roomType: 2,
      role: 2,
      userName: 'Asking',
      password: 'pw',
      enableAudio: 1,
    })
    expect(asking.body.data.me).toMatchObject({ enableAudio: 0, enableVideo: 0 })
    await hostRtm.message(2, (m) => m.data.member.uid === asking.body.data.me.uid, 30_000)
    // The host enters again (a reload): a publisher, told to everyone.
    const back = await enter(
      server,
      { roomName: host.room.roomName, role: 1, userName: host.me.userName },
      host.client,
    )
    await guestRtm.message(
      2,
      (m) => m.data.member.uid === back.me.uid && m.data.type === 'join',
      30_000,
    )
    // The guest heard the publisher but never the ordinary arrivals.
    const heard = guestRtm.messages(2).map((m) => m.data.member.uid)
    expect(heard).not.toContain(quiet.me.uid)
    expect(heard).not.toContain(asking.body.data.me.uid)
    hostRtm.close()
    guestRtm.close()
  })
})
