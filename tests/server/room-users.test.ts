import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { meeting, ROOM, RtmClient, startServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

describe('room service: members', () => {
  it('[API-1] [APPLY-2] POST user/{userId}: a host turns a member on, announced as user state (cmd 4) with its control code', async () => {
    const { host, guest } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    const on = await host.client.post(`${host.path}/user/${guest.me.uid}`, { enableVideo: 1 })
    expect(on.body.data).toMatchObject({ uid: guest.me.uid, enableVideo: 1 })
    expect((await rtm.message(4)).data).toMatchObject({
      uid: guest.me.uid,
      enableVideo: 1,
      code: 104,
    })
    // A member may always turn itself off, never on without a host's yes ([ROLE-4]).
    expect(
      (await guest.client.post(`${guest.path}/user/${guest.me.uid}`, { enableVideo: 0 })).body.code,
    ).toBe(0)
    const self = await guest.client.post(`${guest.path}/user/${guest.me.uid}`, { enableAudio: 1 })
    expect(self.body).toMatchObject({ code: 1301 })
    const unknown = await host.client.post(`${host.path}/user/999999`, { enableAudio: 1 })
    expect(unknown.body).toMatchObject({ code: 1004, msg: 'no matching audience' })
    rtm.close()
  })

  it('[API-1] [BOARD-3] [BOARD-4] [BOARD-5] [BOARD-6] [BOARD-9] board grants: the first grantee creates; revoking the creator clears all', async () => {
    const { host, guest, name } = await meeting(server)
    const { enter } = await import('./harness')
    const other = await enter(server, { roomName: name, userName: 'Olga', role: 2 })
    const first = await host.client.post(`${host.path}/user/${guest.me.uid}/board`, { grant: 1 })
    expect(first.body.data.room).toMatchObject({ shareBoard: 1, createBoardUserId: guest.me.uid })
    await host.client.post(`${host.path}/user/${other.me.uid}/board`, { grant: 1 })
    const revokeOther = await host.client.post(`${host.path}/user/${other.me.uid}/board`, {
      grant: 0,
    })
    expect(revokeOther.body.data.room).toMatchObject({
      shareBoard: 1,
      createBoardUserId: guest.me.uid,
    })
    await host.client.post(`${host.path}/user/${other.me.uid}/board`, { grant: 1 })
    const revokeCreator = await host.client.post(`${host.path}/user/${guest.me.uid}/board`, {
      grant: 0,
    })
    expect(revokeCreator.body.data.room).toMatchObject({ shareBoard: 0, createBoardUserId: '0' })
    const list = (await host.client.get(`${host.path}/user/page`)).body.data.list
    expect(list.map((m: any) => m.grantBoard)).toEqual([0, 0, 0])
    expect((await host.client.post(`${host.path}/user/nobody/board`, { grant: 1 })).body.code).toBe(
      1004,
    )
    expect(
      (await guest.client.post(`${guest.path}/user/${other.me.uid}/board`, { grant: 1 })).body.code,
    ).toBe(1301)
  })

  it('[API-1] [SCREEN-1] screen share: a publisher starts its own; a host closes it (cmd 20, cmd 6); a conferee without media may not', async () => {
    const { host, guest } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    const refused = await guest.client.post(`${guest.path}/user/${guest.me.uid}/screen`, {
      grant: 1,
    })
    expect(refused.body.code).toBe(1301)
    await host.client.post(`${host.path}/user/${guest.me.uid}`, { enableVideo: 1 })
    const started = await guest.client.post(`${guest.path}/user/${guest.me.uid}/screen`, {
      grant: 1,
    })
    expect(started.body.data).toMatchObject({
      member: { grantScreen: 1 },
      room: { shareScreen: 1 },
    })
    const closed = await host.client.post(`${host.path}/user/${guest.me.uid}/screen`, { grant: 0 })
    expect(closed.body.data.room.shareScreen).toBe(0)
    expect((await rtm.message(20)).data.uid).toBe(guest.me.uid)
    expect((await rtm.message(6, (m) => m.data.screenShare === 0)).from).toBe('server')
    rtm.close()
  })

  it('[API-1] [KICK-1] [KICK-4] exit with kickUserBy: the kicked member hears kickOut naming the kicker, then nothing more', async () => {
    const { host, guest } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    const hostRtm = await RtmClient.join(server, host)
    const kicked = await host.client.get(
      `${host.path}/user/${guest.me.uid}/exit?role=2&reason=kickUserBy`,
    )
    expect(kicked.body).toMatchObject({ code: 0, data: null })
    expect((await rtm.message(8)).data).toMatchObject({
      uid: guest.me.uid,
      userName: 'Hana',
      reason: 'kickUserBy',
    })
    expect((await hostRtm.message(2, (m) => m.data.type === 'leave')).data.reason).toBe(
      'kickUserBy',
    )
    await hostRtm.next((f) => f.t === 'memberLeft' && f.uid === guest.me.uid)
    const after = await guest.client.get(`${guest.path}/user/page`)
    expect(after.body.code).toBe(1003)
    const again = await host.client.get(`${host.path}/user/${guest.me.uid}/exit?reason=kickUserBy`)
    expect(again.body.code).toBe(1004)
    rtm.close()
    hostRtm.close()
  })

  it('[API-1] [EXIT-2] exit answers code 0 for oneself and refuses an unknown member', async () => {
    const { guest } = await meeting(server)
    expect(
      (await guest.client.get(`${guest.path}/user/${guest.me.uid}/exit?role=2&reason=leave`)).body
        .code,
    ).toBe(0)
    expect((await guest.client.get(`${guest.path}/user/123/exit`)).body.code).toBe(1004)
  })

  it('[API-1] [HOST-1] [HOST-5] host change: old host to 2, chosen member to 1, hostChanged announced; a non-member is refused', async () => {
    const { host, guest } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    const body = [
      { uid: host.me.uid, role: 2 },
      { uid: guest.me.uid, role: 1 },
    ]
    const wrong = await host.client.post(`${host.path}/user/777777/host`, [
      { uid: host.me.uid, role: 2 },
      { uid: '777777', role: 1 },
    ])
    expect(wrong.body.code).toBe(1004)
    const changed = await host.client.post(`${host.path}/user/${guest.me.uid}/host`, body)
    expect(changed.body.data.map((m: any) => [m.uid, m.role])).toEqual([
      [host.me.uid, 2],
      [guest.me.uid, 1],
    ])
    expect((await rtm.message(7)).data).toMatchObject({
      oldHostUid: host.me.uid,
      newHostUid: guest.me.uid,
    })
    // The old host lost its powers.
    expect((await host.client.post(host.path, { muteAllAudio: 1 })).body.code).toBe(1301)
    rtm.close()
  })

  it('[API-1] [APPLY-4] [APPLY-5] invitations: the server delivers peer cmd 1; accepting turns the state on', async () => {
    const { host, guest } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    const hostRtm = await RtmClient.join(server, host)
    expect(
      (await host.client.post(`${host.path}/user/${host.me.uid}/invite`, { type: 1, action: 1 }))
        .body.code,
    ).toBe(1301)
    const sent = await host.client.post(`${host.path}/user/${guest.me.uid}/invite`, {
      type: 2,
      action: 1,
    })
    expect(sent.body.data).toEqual({ to: guest.me.uid, delivered: true })
    const peer = await rtm.next((f) => f.t === 'peerMessage')
    expect(JSON.parse(peer.text)).toMatchObject({
      cmd: 1,
      data: { uid: host.me.uid, type: 2, role: 1 },
    })
    const accepted = await guest.client.post(`${guest.path}/user/${host.me.uid}/invite`, {
      type: 2,
      action: 1,
    })
    expect(accepted.body.code).toBe(0)
    expect(JSON.parse((await hostRtm.next((f) => f.t === 'peerMessage')).text).data).toMatchObject({
      action: 1,
      role: 2,
    })
    const list = (await host.client.get(`${host.path}/user/page`)).body.data.list
    expect(list.find((m: any) => m.uid === guest.me.uid).enableVideo).toBe(1)
    const twice = await guest.client.post(`${guest.path}/user/${host.me.uid}/invite`, {
      type: 2,
      action: 1,
    })
    expect(twice.body.code).toBe(1004)
    rtm.close()
    hostRtm.close()
  })

  it('[API-1] [APPLY-3] [BOARD-10] [BOARD-11] applications go to the host; the host accepts; a board request can be cancelled', async () => {
    const { host, guest } = await meeting(server)
    const hostRtm = await RtmClient.join(server, host)
    const applied = await guest.client.post(`${guest.path}/apply`, { type: 4, action: 1 })
    expect(applied.body.data.to).toBe(host.me.uid)
    expect(JSON.parse((await hostRtm.next((f) => f.t === 'peerMessage')).text)).toMatchObject({
      cmd: 2,
    })
    const answered = await host.client.post(`${host.path}/apply`, {
      type: 4,
      action: 1,
      to: guest.me.uid,
    })
    expect(answered.body.code).toBe(0)
    await guest.client.post(`${guest.path}/apply`, { type: 3, action: 1 })
    expect((await guest.client.post(`${guest.path}/apply`, { type: 3, action: 3 })).body.code).toBe(
      0,
    )
    const gone = await host.client.post(`${host.path}/apply`, {
      type: 3,
      action: 1,
      to: guest.me.uid,
    })
    expect(gone.body).toMatchObject({ code: 1004, msg: 'no pending application' })
    expect((await host.client.post(`${host.path}/apply`, { type: 1, action: 1 })).body.code).toBe(
      1301,
    )
    hostRtm.close()
  })

  it('[API-1] [CMD-31] join name update is announced; projection select answers the projection screen user', async () => {
    const { host, guest } = await meeting(server)
    const rtm = await RtmClient.join(server, host)
    const renamed = await guest.client.post(`${ROOM}user/joinName/update`, {
      roomId: guest.room.roomId,
      joinName: 'Carlos',
    })
    expect(renamed.body.data.userName).toBe('Carlos')
    expect((await rtm.message(31)).data).toMatchObject({ uid: guest.me.uid, name: 'Carlos' })
    const other = await guest.client.post(`${ROOM}user/joinName/update`, {
      roomId: guest.room.roomId,
      uid: host.me.uid,
      joinName: 'X',
    })
    expect(other.body.code).toBe(1301)
    const none = await host.client.get(`${ROOM}projection/${host.room.roomId}/user/nope/select`)
    expect(none.body.code).toBe(1004)
    rtm.close()
  })
})
