import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  Client,
  enter,
  meeting,
  ROOM,
  RtmClient,
  SCENE,
  SCENE_V1,
  startServer,
  type TestServer,
} from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

describe('scene service', () => {
  it('[API-6] [ROUTE-7] GET user answers the profile; user/join/name keeps the join name', async () => {
    const client = new Client(server.url)
    const user = await client.get(`${SCENE}user`)
    expect(user.body.data).toMatchObject({ userType: 'visitor', joinName: '', hasPassword: false })
    const named = await client.get(`${SCENE}user/join/name?name=Mia`)
    expect(named.body.data).toMatchObject({ joinName: 'Mia', name: 'Mia' })
    const tooLong = await client.get(`${SCENE}user/join/name?name=${'x'.repeat(21)}`)
    expect(tooLong.status).toBe(400)
  })

  it('[API-6] meeting room info, host user id, user total', async () => {
    const { host, guest, roomId } = await meeting(server)
    const info = await guest.client.get(`${SCENE}meeting/room/${roomId}/info`)
    expect(info.body.data.hosts.map((h: any) => h.uid)).toEqual([host.me.uid])
    expect(info.body.data.layout).toMatchObject({ layout: 'p_all_1', infoTypeVoList: [] })
    expect((await guest.client.get(`${SCENE}room/${roomId}/hostUserId`)).body.data).toEqual({
      hostUserId: host.me.userId,
      hostUid: host.me.uid,
    })
    expect(
      (await guest.client.get(`${SCENE}room/${host.room.roomUuid}/user/total`)).body.data,
    ).toMatchObject({
      total: 2,
      online: 2,
    })
    const stranger = await enter(server, { roomName: `s-${Date.now()}` })
    expect((await stranger.client.get(`${SCENE}meeting/room/${roomId}/info`)).body.code).toBe(1003)
  })

  it('[API-6] [CMD-10] [LAYOUT-1] layout update is kept and announced', async () => {
    const { host, guest } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    const items = [
      { uid: host.me.uid, type: 'inner' },
      { uid: guest.me.uid, type: 'right' },
    ]
    const layout = await host.client.post(`${SCENE}meeting/room/layout/update`, {
      roomUuid: host.room.roomUuid,
      layout: 'p_9_1',
      infoTypeVoList: items,
      largeUid: host.me.uid,
      typeOfCDN: 'p_9_1',
    })
    expect(layout.body.data).toMatchObject({
      layout: 'p_9_1',
      infoTypeVoList: items,
      largeUid: host.me.uid,
    })
    expect((await rtm.message(10)).data).toMatchObject({ layout: 'p_9_1', positions: items })
    const bad = await host.client.post(`${SCENE}meeting/room/layout/update`, {
      roomUuid: host.room.roomUuid,
      layout: 'p_3_3',
      infoTypeVoList: [],
    })
    expect(bad.status).toBe(400)
    rtm.close()
  })

  it('[API-6] [MAIN-1] [MAIN-3] [MAIN-5] main screen: set, cleared by choosing the host, refused while sharing', async () => {
    const { host, guest, roomId } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    const url = `${SCENE}meeting/room/mainScreen/update`
    expect(
      (await host.client.post(url, { roomId, mainScreen: guest.me.uid })).body.data.mainScreenUid,
    ).toBe(guest.me.uid)
    expect((await rtm.message(11)).data.mainScreenUid).toBe(guest.me.uid)
    expect(
      (await host.client.post(url, { roomId, mainScreen: host.me.uid })).body.data.mainScreenUid,
    ).toBe('')
    await host.client.post(host.path, { shareBoard: 1 })
    expect((await host.client.post(url, { roomId, mainScreen: guest.me.uid })).body).toMatchObject({
      code: 1201,
      msg: 'set main screen failed',
    })
    rtm.close()
  })

  it('[API-6] [CMD-3] [CMD-12] [CMD-22] room update announces name, live type and watch type', async () => {
    const { host, guest, roomId } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    const updated = await host.client.post(`${SCENE}meeting/room/update`, {
      roomId,
      roomName: `renamed-${roomId}`,
      liveOpen: 1,
      audienceWatchType: 2,
      meetingTopic: 2,
    })
    expect(updated.body.data).toMatchObject({ liveOpen: 1, audienceWatchType: 2, meetingTopic: 2 })
    expect((await rtm.message(3)).data).toMatchObject({
      roomName: `renamed-${roomId}`,
      meetingTopic: 2,
    })
    expect((await rtm.message(12)).data.openLive).toBe(1)
    expect((await rtm.message(22)).data.audienceWatchType).toBe(2)
    expect((await host.client.post(`${SCENE}meeting/room/update`, { roomId })).status).toBe(400)
    const v1 = await host.client.post(`${SCENE_V1}room/update`, {
      roomUuid: host.room.roomUuid,
      pcCoverImage: '/c.png',
    })
    expect(v1.body.data.pcCoverImage).toBe('/c.png')
    rtm.close()
  })

  it('[API-6] [COUNT-1] surplus answers minutes for the host; [REC-1] record state is announced', async () => {
    const { host, guest, roomId } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    expect((await host.client.get(`${SCENE}meeting/surplus/${roomId}/info`)).body.data).toBe(null)
    const state = await host.client.post(`${SCENE}record/state/update`, {
      roomId,
      recordingState: 2,
    })
    expect(state.body.data.recordingState).toBe(2)
    expect((await rtm.message(30)).data.recordingState).toBe(2)
    rtm.close()
  })

  it('[API-6] comments, join records and the non-meeting room state', async () => {
    const { host, guest, roomId } = await meeting(server)
    const added = await guest.client.post(`${SCENE}meeting/comment/add`, {
      roomId,
      content: 'Great talk',
    })
    expect(added.body.data).toMatchObject({ userName: 'Carl', content: 'Great talk' })
    await host.client.post(`${SCENE}meeting/comment/add`, { roomId, content: 'Thanks' })
    const recent = await guest.client.get(
      `${SCENE}meeting/comment/recent/list?roomId=${roomId}&size=10`,
    )
    expect(recent.body.data.map((c: any) => c.content)).toEqual(['Great talk', 'Thanks'])
    await host.client.post(host.path, { muteAllChat: 1 })
    expect(
      (await guest.client.post(`${SCENE}meeting/comment/add`, { roomId, content: 'x' })).body.code,
    ).toBe(1301)
    const record = await guest.client.post(`${SCENE}joinRecord/add`, { roomId, source: 'mini' })
    expect(record.body.data).toMatchObject({ roomId, source: 'mini' })
    const state = await host.client.post(`${SCENE}state/update`, {
      roomUuid: host.room.roomUuid,
      state: '2',
    })
    expect(state.body.data.state).toBe(2)
    expect(
      (await host.client.post(`${SCENE}state/update`, { roomUuid: host.room.roomUuid, state: '7' }))
        .status,
    ).toBe(400)
  })

  it('[API-6] [LIKE-1] [CMD-24] likes are counted and announced with the hot number; like total and the external room info', async () => {
    const { host, guest } = await meeting(server)
    const rtm = await RtmClient.join(server, host)
    const uuid = host.room.roomUuid
    expect(
      (await guest.client.post(`${SCENE_V1}room/${uuid}/like`, { count: 3 })).body.data.likeTotal,
    ).toBe(3)
    expect((await rtm.message(9)).data).toMatchObject({ likeTotal: 3, userName: 'Carl' })
    // [CMD-24] the like announces the server's hot number too
    const hotNum = (await host.client.get(`${ROOM}room/${host.room.roomId}/hotNum`)).body.data
      .hotNum
    expect(hotNum).toBe(2 + 3)
    expect((await rtm.message(24)).data).toMatchObject({ hotNum })
    expect(
      (await guest.client.get(`${SCENE_V1}like/total?roomUuid=${uuid}`)).body.data.likeTotal,
    ).toBe(3)
    const external = await new Client(server.url).get(
      `${SCENE_V1}external/meeting/room/${uuid}/info`,
    )
    expect(external.body.data).toMatchObject({
      roomUuid: uuid,
      hostName: 'Hana',
      onlineUsers: 2,
      hasPassword: true,
    })
    expect(
      (await new Client(server.url).get(`${SCENE_V1}external/meeting/room/nope/info`)).body.code,
    ).toBe(1001)
    rtm.close()
  })
})

describe('scene service: projections', () => {
  it('[API-6] [CMD-14] [CMD-16] [CMD-15] add, list, update and delete a projection; a projection screen enters with role 4', async () => {
    const { host, guest, roomId, name } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    const added = await host.client.post(`${SCENE}meeting/projection/add`, {
      roomId,
      name: 'Hall screen',
      subUids: [host.me.uid, guest.me.uid],
    })
    const projection = added.body.data
    expect(projection).toMatchObject({
      layoutCount: 2,
      subUids: [host.me.uid, guest.me.uid],
      state: 1,
    })
    expect(projection.projectionUrl).toContain(projection.projectionId)
    expect((await rtm.message(14)).data.projectionId).toBe(projection.projectionId)
    expect(
      (await guest.client.get(`${SCENE}meeting/projection/${roomId}/list`)).body.data,
    ).toHaveLength(1)
    expect(
      (await guest.client.get(`${SCENE}meeting/projection/room/${roomId}/info`)).body.data.total,
    ).toBe(1)
    const screen = await enter(server, {
      roomName: name,
      role: 4,
      projectionId: projection.projectionId,
    })
    const select = await host.client.get(
      `/api/s1/serve/roomcast/v1/projection/${roomId}/user/${projection.projectionId}/select`,
    )
    expect(select.body.data).toMatchObject({ uid: screen.me.uid, screenId: screen.me.screenId })
    // A display's screenId is the projection it shows, so the delete message (cmd 15) finds it.
    expect(screen.me.screenId).toBe(projection.projectionId)
    const users = await host.client.get(
      `${SCENE}meeting/projection/selected/user/${roomId}/${projection.projectionId}/list`,
    )
    expect(users.body.data.map((u: any) => u.uid)).toEqual([screen.me.uid])
    const edited = await host.client.post(`${SCENE}meeting/projection/update`, {
      projectionId: projection.projectionId,
      subUids: [guest.me.uid],
      layoutCount: 1,
    })
    expect(edited.body.data).toMatchObject({ subUids: [guest.me.uid], layoutCount: 1 })
    expect((await rtm.message(16)).data.layoutCount).toBe(1)
    const deleted = await host.client.post(`${SCENE}meeting/projection/info/update`, {
      projectionId: projection.projectionId,
      state: 0,
    })
    expect(deleted.body.data.state).toBe(0)
    expect((await rtm.message(15)).data.projectionId).toBe(projection.projectionId)
    const late = await new Client(server.url).post('/api/s1/serve/roomcast/v1/room/entry', {
      roomName: name,
      userName: 'Screen',
      roomType: 2,
      role: 4,
      password: 'pw',
      projectionId: projection.projectionId,
    })
    expect(late.body.msg).toBe('That projection address has been deleted')
    rtm.close()
  })
})
