import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, meeting, ROOM, RtmClient, startServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

describe('room service: room-wide state', () => {
  it('[API-1] [MUTE-2] [MUTE-5] POST room/{roomId} mute-all: forced mute sets every audience audio to 0 and is announced by the server', async () => {
    const { host, guest } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    await host.client.post(`${guest.path}/user/${guest.me.uid}/invite`, { type: 1, action: 1 })
    await guest.client.post(`${guest.path}/user/${host.me.uid}/invite`, { type: 1, action: 1 })
    const muted = await host.client.post(host.path, { muteAllAudio: 1 })
    expect(muted.body).toMatchObject({ code: 0, data: { muteAllAudio: 1 } })
    const announced = await rtm.message(3, (m) => m.data.muteAllAudio === 1)
    expect(announced).toMatchObject({
      from: 'server',
      version: 1,
      data: { userId: host.me.userId, userName: 'Hana' },
    })
    const users = await host.client.get(`${host.path}/user/page`)
    const carl = users.body.data.list.find((m: any) => m.uid === guest.me.uid)
    expect(carl.enableAudio).toBe(0)
    expect((await host.client.post(host.path, { muteAllAudio: 0 })).body.data.muteAllAudio).toBe(0)
    rtm.close()
  })

  it('[MUTE-4] [MUTE-6] mute-all 2 sets every audience audio to 0 and lets the audience ask to speak; a host accepting turns one back on; under forced mute nobody asks', async () => {
    const { host, guest } = await meeting(server)
    const audioOf = async () =>
      (await host.client.get(`${host.path}/user/page`)).body.data.list.find(
        (m: any) => m.uid === guest.me.uid,
      ).enableAudio
    await host.client.post(`${guest.path}/user/${guest.me.uid}/invite`, { type: 1, action: 1 })
    await guest.client.post(`${guest.path}/user/${host.me.uid}/invite`, { type: 1, action: 1 })
    expect(await audioOf()).toBe(1)
    expect((await host.client.post(host.path, { muteAllAudio: 2 })).body.data.muteAllAudio).toBe(2)
    expect(await audioOf()).toBe(0)
    expect((await guest.client.post(`${guest.path}/apply`, { type: 1, action: 1 })).body.code).toBe(
      0,
    )
    const accepted = await host.client.post(`${host.path}/apply`, {
      type: 1,
      action: 1,
      to: guest.me.uid,
    })
    expect(accepted.body.code).toBe(0)
    expect(await audioOf()).toBe(1)
    expect((await host.client.get(host.path)).body.data.room.muteAllAudio).toBe(2)
    // Forced mute: the audio goes to 0 again and asking to speak is refused.
    await host.client.post(host.path, { muteAllAudio: 0 })
    await host.client.post(host.path, { muteAllAudio: 1 })
    expect(await audioOf()).toBe(0)
    const refused = await guest.client.post(`${guest.path}/apply`, { type: 1, action: 1 })
    expect(refused.body).toMatchObject({ code: 1301 })
    // The camera may still be asked for.
    expect((await guest.client.post(`${guest.path}/apply`, { type: 2, action: 1 })).body.code).toBe(
      0,
    )
  })

  it('[API-1] [END-3] ending a meeting sets state 0, announces the room state and the meeting end, and frees everyone', async () => {
    const { host, guest } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    const ended = await host.client.post(host.path, { state: 0 })
    expect(ended.body.data.state).toBe(0)
    expect((await rtm.message(3, (m) => m.data.state === 0)).from).toBe('server')
    expect((await rtm.message(13)).data.reason).toBe('host')
    const after = await guest.client.get(`${guest.path}/user/page`)
    expect(after.body.code).toBe(1003)
    const again = await host.client.post(host.path, { muteAllChat: 1 })
    expect(again.body).toMatchObject({ code: 1006, msg: 'the meeting has ended' })
    rtm.close()
  })

  it('[API-1] [BOARD-1] [BOARD-2] GET board answers the board id and a token; board share off clears every grant', async () => {
    const { host, guest } = await meeting(server)
    const board = await guest.client.get(`${guest.path}/board`)
    expect(board.body.data.boardId).toMatch(/^board-/)
    expect(board.body.data.boardToken.length).toBeGreaterThan(20)
    expect((await host.client.post(host.path, { shareBoard: 1 })).body.data.shareBoard).toBe(1)
    await host.client.post(`${host.path}/user/${guest.me.uid}/board`, { grant: 1 })
    const off = await host.client.post(host.path, { shareBoard: 0 })
    expect(off.body.data).toMatchObject({ shareBoard: 0, createBoardUserId: '0' })
    const list = (await host.client.get(`${host.path}/user/page`)).body.data.list
    expect(list.every((m: any) => m.grantBoard === 0)).toBe(true)
    const stranger = await new Client(server.url).get(`${host.path}/board`)
    expect(stranger.body.code).toBe(10011)
  })

  it('[API-1] GET room/{roomId} answers room and user; simple answers session info without the password', async () => {
    const { host, guest } = await meeting(server)
    const got = await guest.client.get(`${guest.path}?userUid=${host.me.uid}`)
    expect(got.body.data.room).toMatchObject({
      roomId: host.room.roomId,
      onlineUsers: 2,
      totalPeople: 2,
      hosts: [host.me.uid],
    })
    expect(got.body.data.user).toMatchObject({ uid: host.me.uid, role: 1 })
    expect(JSON.stringify(got.body)).not.toContain('password_hash')
    const simple = await new Client(server.url).call('GET', `${host.path}/simple`)
    expect(simple.body.code).toBe(10011)
    const mine = await guest.client.get(`${guest.path}/simple`)
    expect(mine.body.data).toMatchObject({
      roomUuid: host.room.roomUuid,
      password: '',
      hasPassword: true,
    })
    const missing = await guest.client.get(`${ROOM}room/404404/simple`)
    expect(missing.body).toMatchObject({ code: 1001, msg: 'room does not exist' })
  })

  it('[API-4] [API-1] token refresh answers rtcToken, rtmToken and screenToken; a stranger gets "refresh token failed"', async () => {
    const { guest } = await meeting(server)
    const fresh = await guest.client.post(`${guest.path}/token/refresh`)
    expect(Object.keys(fresh.body.data).sort()).toEqual(['rtcToken', 'rtmToken', 'screenToken'])
    const rtm = await RtmClient.open(server.wsUrl)
    expect(
      await rtm.request({ t: 'login', uid: guest.me.uid, token: fresh.body.data.rtmToken }),
    ).toMatchObject({
      t: 'ack',
    })
    rtm.close()
    const { client } = (await meeting(server)).guest
    const refused = await client.post(`${guest.path}/token/refresh`)
    expect(refused.body).toMatchObject({ code: 1401, msg: 'refresh token failed' })
  })

  it('[API-1] host check, users amount (and its update by the host, announced), hot number', async () => {
    const { host, guest } = await meeting(server)
    const check = await guest.client.get(`${guest.path}/host/check`)
    expect(check.body.data).toMatchObject({ hostExists: true, isHost: false, hostUid: host.me.uid })
    expect((await host.client.get(`${host.path}/host/check`)).body.data.isHost).toBe(true)
    expect((await guest.client.get(`${guest.path}/rtm/usersAmount`)).body.data.usersAmount).toBe(2)
    const rtm = await RtmClient.join(server, guest)
    const updated = await host.client.get(`${host.path}/rtm/usersAmount/update?usersAmount=7`)
    expect(updated.body.data).toMatchObject({ usersAmount: 7, hotNum: 2 })
    expect((await rtm.message(24)).data).toMatchObject({ usersAmount: 7, hotNum: 2 })
    const refused = await guest.client.get(`${guest.path}/rtm/usersAmount/update?usersAmount=1`)
    expect(refused.body.code).toBe(1301)
    const bad = await host.client.get(`${host.path}/rtm/usersAmount/update?usersAmount=-1`)
    expect(bad.status).toBe(400)
    expect((await guest.client.get(`${guest.path}/hotNum`)).body.data.hotNum).toBe(2)
    rtm.close()
  })

  it('[API-1] [INACTIVE-2] inactive/remove cancels an inactive-room warning (cmd 28); keep-alive marks a member seen', async () => {
    const { host, guest } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    await server.app.db.query('UPDATE rooms SET inactive_warned_at = 1 WHERE room_id = $1', [
      host.room.roomId,
    ])
    expect((await host.client.get(`${host.path}/inactive/remove`)).body.code).toBe(0)
    expect((await rtm.message(28)).data.userId).toBe(host.me.userId)
    const alive = await guest.client.get(
      `${ROOM}behavior/keepAlive/${guest.room.roomId}/${guest.me.uid}?role=2`,
    )
    expect(alive.body.data.uid).toBe(guest.me.uid)
    const notYou = await guest.client.get(
      `${ROOM}behavior/keepAlive/${guest.room.roomId}/${host.me.uid}`,
    )
    expect(notYou.body.code).toBe(1005)
    rtm.close()
  })
})
