import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { meeting, RtmClient, ROOM, startServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
}, 180_000)
afterAll(() => server.close())

describe('POST room/{roomId}/resume', () => {
  it('answers my present member again (same uid and role, no new member) with tokens that log in', async () => {
    const { guest, roomId } = await meeting(server)
    const { body } = await guest.client.post(`${ROOM}room/${roomId}/resume`)
    expect(body.code).toBe(0)
    expect(body.data.me).toMatchObject({ uid: guest.me.uid, role: 2, userName: 'Carl' })
    expect(body.data.roomInfo).toMatchObject({ roomId, channelName: guest.room.channelName })
    const users = await guest.client.get(`${ROOM}room/${roomId}/user/page?page=1&size=50`)
    expect(users.body.data.list.map((m: { uid: string }) => m.uid)).toContain(guest.me.uid)
    expect(users.body.data.total).toBe(2)
    const rtm = await RtmClient.join(server, {
      ...guest,
      me: { ...guest.me, rtmToken: body.data.me.rtmToken },
    })
    rtm.close()
  })

  it('is refused once I left the room, and to someone who never was in it', async () => {
    const { guest, roomId } = await meeting(server)
    // a member of another room
    const other = await meeting(server)
    const stranger = await other.guest.client.post(`${ROOM}room/${roomId}/resume`)
    expect(stranger.body.code).not.toBe(0)
    expect(stranger.body.data).toMatchObject({ reason: 'notInRoom' })
    await guest.client.get(`${ROOM}room/${roomId}/user/${guest.me.uid}/exit?role=2&reason=leave`)
    const after = await guest.client.post(`${ROOM}room/${roomId}/resume`)
    expect(after.body.code).not.toBe(0)
    expect(after.body.data).toMatchObject({ reason: 'notInRoom' })
  })
})
