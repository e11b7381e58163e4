import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { presentInputMember } from '../../src/server/store/broadcast'
import { Client, startServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const entry = '/api/s1/serve/roomcast/v1/room/entry'
const body = (over: Record<string, unknown> = {}) => ({
  roomName: `room-${Math.random()}`,
  userName: 'Ann',
  roomType: 1,
  role: 1,
  password: 'pw',
  ...over,
})

describe('POST room/entry', () => {
  it('[HOME-1] the first host creates the room and gets me, roomInfo and tokens; a visitor gets a session cookie', async () => {
    const host = new Client(server.url)
    const { status, body: answer } = await host.call('POST', entry, body({ roomName: 'Maths' }))
    expect(status).toBe(200)
    expect(answer.code).toBe(0)
    expect(answer.data.roomInfo).toMatchObject({
      roomName: 'Maths',
      roomType: 1,
      state: 1,
      muteAllAudio: 0,
      layout: 'p_all_1',
    })
    expect(answer.data.me).toMatchObject({
      userName: 'Ann',
      role: 1,
      roomName: 'Maths',
      appID: 'roomcast',
    })
    expect(answer.data.me.uid).toMatch(/^\d{6,}$/)
    expect(answer.data.me.rtmToken.length).toBeGreaterThan(20)
  })

  it('[HOME-1] later entrants must give the room password', async () => {
    const roomName = `pw-${Date.now()}`
    await new Client(server.url).call('POST', entry, body({ roomName, password: 'right' }))
    const wrong = await new Client(server.url).call(
      'POST',
      entry,
      body({ roomName, password: 'wrong', role: 2, userName: 'Bo' }),
    )
    expect(wrong.body).toMatchObject({
      code: 1002,
      msg: 'wrong room password',
      data: { field: 'password' },
    })
    const right = await new Client(server.url).call(
      'POST',
      entry,
      body({ roomName, password: 'right', role: 2, userName: 'Bo' }),
    )
    expect(right.body.code).toBe(0)
    expect(right.body.data.me.role).toBe(2)
  })

  it('[API-3] [HOME-2] a missing field is refused with 400 and "params: {field} can\'t be empty"', async () => {
    const client = new Client(server.url)
    for (const field of ['roomName', 'userName', 'password', 'role']) {
      const without = body()
      delete (without as Record<string, unknown>)[field]
      const { status, body: answer } = await client.call('POST', entry, without)
      expect([status, answer.msg, answer.data.field]).toEqual([
        400,
        `params: ${field} can't be empty`,
        field,
      ])
    }
    const blank = await client.call('POST', entry, body({ roomName: '   ' }))
    expect([blank.status, blank.body.msg]).toEqual([400, "params: roomName can't be empty"])
  })

  it("[HOME-3] a name over 20 characters is refused with 'name too long'", async () => {
    const { status, body: answer } = await new Client(server.url).call(
      'POST',
      entry,
      body({ userName: 'x'.repeat(21) }),
    )
    expect([status, answer.msg, answer.data]).toEqual([
      400,
      'name too long',
      { field: 'userName', reason: 'tooLong' },
    ])
  })

  it('[HOME-6] a second host gets "teacher already exists"; a full one-to-one room refuses a second conferee', async () => {
    const roomName = `cap-${Date.now()}`
    await new Client(server.url).call('POST', entry, body({ roomName, roomType: 0 }))
    const secondHost = await new Client(server.url).call(
      'POST',
      entry,
      body({ roomName, roomType: 0, userName: 'Other' }),
    )
    expect(secondHost.body).toMatchObject({
      code: 1101,
      msg: 'teacher already exists (wait 30 s or reopen)',
    })
    expect(
      (
        await new Client(server.url).call(
          'POST',
          entry,
          body({ roomName, role: 2, userName: 'C1' }),
        )
      ).body.code,
    ).toBe(0)
    const full = await new Client(server.url).call(
      'POST',
      entry,
      body({ roomName, role: 2, userName: 'C2' }),
    )
    expect(full.body).toMatchObject({ code: 1103, msg: 'teacher and student limit reached' })
  })

  it('[RTMP-1] an input user present in the room takes no conferee seat', async () => {
    const roomName = `cap-input-${Date.now()}`
    const host = await new Client(server.url).call('POST', entry, body({ roomName, roomType: 0 }))
    // The one-to-one room's only conferee seat stays free while an RTMP input is in the room.
    await presentInputMember(server.app.deps.db, {
      roomId: host.body.data.roomInfo.roomId,
      uid: '1234',
      name: 'OBS',
      userUuid: 'u1234',
      now: Date.now(),
    })
    const conferee = await new Client(server.url).call(
      'POST',
      entry,
      body({ roomName, role: 2, userName: 'C1' }),
    )
    expect(conferee.body.code).toBe(0)
    const full = await new Client(server.url).call(
      'POST',
      entry,
      body({ roomName, role: 2, userName: 'C2' }),
    )
    expect(full.body).toMatchObject({ code: 1103, msg: 'teacher and student limit reached' })
  })

  it('[ROLE-4] a conferee or CDN audience asking for audio and video at entry enters with both off in every room type; a host may enter with its own off', async () => {
    for (const roomType of [0, 1, 2]) {
      const roomName = `own-${roomType}-${Date.now()}`
      const host = new Client(server.url)
      const { body: h } = await host.call(
        'POST',
        entry,
        body({ roomName, roomType, enableVideo: 0 }),
      )
      expect(h.data.me).toMatchObject({ role: 1, enableAudio: 1, enableVideo: 0 })
      const asks = { roomName, roomType, enableAudio: 1, enableVideo: 1 }
      const { body: c } = await new Client(server.url).call(
        'POST',
        entry,
        body({ ...asks, role: 2, userName: 'Cy' }),
      )
      expect(c.data.me).toMatchObject({ role: 2, enableAudio: 0, enableVideo: 0 })
      const { body: a } = await new Client(server.url).call(
        'POST',
        entry,
        body({ ...asks, role: 3, userName: 'Au' }),
      )
      expect(a.data.me).toMatchObject({ role: 3, enableAudio: 0, enableVideo: 0 })
      // The room's own table (what the SFU and every client read) agrees.
      const page = await host.call(
        'GET',
        `/api/s1/serve/roomcast/v1/room/${h.data.roomInfo.roomId}/user/page?page=1&size=10`,
      )
      const flags = page.body.data.list.map(
        (m: { role: number; enableAudio: number; enableVideo: number }) => [
          m.role,
          m.enableAudio,
          m.enableVideo,
        ],
      )
      expect(flags).toEqual(
        expect.arrayContaining([
          [1, 1, 0],
          [2, 0, 0],
        ]),
      )
      expect(flags.some((f: number[]) => f[0] !== 1 && (f[1] === 1 || f[2] === 1))).toBe(false)
    }
  })

  it('a conferee cannot open a room nobody created', async () => {
    const { body: answer } = await new Client(server.url).call('POST', entry, body({ role: 2 }))
    expect(answer).toMatchObject({ code: 1001, msg: 'room does not exist' })
  })

  it('[API-2] lists the members of a room for a member; no session gets 10011, a stranger 1003', async () => {
    const roomName = `list-${Date.now()}`
    const host = new Client(server.url)
    const { body: a } = await host.call('POST', entry, body({ roomName }))
    await new Client(server.url).call('POST', entry, body({ roomName, role: 2, userName: 'Guest' }))
    const roomId = a.data.roomInfo.roomId
    const page = await host.call(
      'GET',
      `/api/s1/serve/roomcast/v1/room/${roomId}/user/page?page=1&size=10`,
    )
    expect(
      page.body.data.list.map((m: { userName: string; role: number }) => [m.userName, m.role]),
    ).toEqual([
      ['Ann', 1],
      ['Guest', 2],
    ])
    const noSession = await new Client(server.url).call(
      'GET',
      `/api/s1/serve/roomcast/v1/room/${roomId}/user/page`,
    )
    expect(noSession.body).toMatchObject({ code: 10011, msg: 'please login' })
    const stranger = new Client(server.url)
    await stranger.call('POST', entry, body({ roomName: `other-${Date.now()}` }))
    const refused = await stranger.call('GET', `/api/s1/serve/roomcast/v1/room/${roomId}/user/page`)
    expect(refused.body.code).toBe(1003)
  })

  it('answers unknown API paths with 404 in the envelope', async () => {
    const { status, body: answer } = await new Client(server.url).call('GET', '/api/nothing/here')
    expect([status, answer.code]).toEqual([404, 404])
  })
})
