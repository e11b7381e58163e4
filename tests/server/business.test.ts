import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsSdkSignature } from '../../src/server/routes/goods'
import { drawShare } from '../../src/server/routes/lucky-money'
import { Client, enter, meeting, ROOM, RtmClient, startServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

describe('lucky money', () => {
  it('[API-8] [CMD-19] [MSG-8] a sent packet is announced; members grab one share each until none is left', async () => {
    const { host, guest, name, roomId } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    const third = await enter(server, { roomName: name, role: 2 })
    const sent = await host.client.post(`${ROOM}luckyMoney/add`, {
      roomId,
      totalAmount: 100,
      count: 2,
      greeting: 'Happy new year',
    })
    const id = sent.body.data.luckyMoneyId
    expect(sent.body.data).toMatchObject({ remainingAmount: 100, remainingCount: 2, status: 1 })
    expect((await rtm.message(19)).data).toMatchObject({ luckyMoneyId: id, total: 100, count: 2 })
    const useful = await guest.client.get(`${ROOM}luckyMoney/findUsefulLuckyMoney?roomId=${roomId}`)
    expect(useful.body.data.luckyMoneyId).toBe(id)
    const a = await guest.client.post(`${ROOM}luckyMoney/war`, { luckyMoneyId: id })
    expect(a.body.data.amount).toBeGreaterThan(0)
    expect((await guest.client.post(`${ROOM}luckyMoney/war`, { luckyMoneyId: id })).body.code).toBe(
      1601,
    )
    const b = await third.client.post(`${ROOM}luckyMoney/war`, { luckyMoneyId: id })
    expect(a.body.data.amount + b.body.data.amount).toBe(100)
    const late = await host.client.post(`${ROOM}luckyMoney/war`, { luckyMoneyId: id })
    expect(late.body).toMatchObject({ code: 1601, msg: 'the lucky money is all taken' })
    const list = await host.client.get(`${ROOM}luckyMoney/list?roomId=${roomId}&luckyMoneyId=${id}`)
    expect(list.body.data.packets[0]).toMatchObject({ status: 0, remainingCount: 0 })
    expect(list.body.data.draws.map((d: any) => d.userName).sort()).toEqual(
      ['Carl', third.me.userName].sort(),
    )
    const none = await guest.client.get(`${ROOM}luckyMoney/findUsefulLuckyMoney?roomId=${roomId}`)
    expect(none.body.data).toBeNull()
    rtm.close()
  })

  it('[API-8] only its sender or a host closes a packet; shares are never below 1 and add up', async () => {
    const { host, guest, roomId } = await meeting(server)
    const send = (client: Client) =>
      client.post(`${ROOM}luckyMoney/add`, { roomId, totalAmount: 10, count: 3 })
    const mine = (await send(guest.client)).body.data.luckyMoneyId
    const hosts = (await send(host.client)).body.data.luckyMoneyId
    const close = (client: Client, luckyMoneyId: string) =>
      client.post(`${ROOM}luckyMoney/status/update`, { luckyMoneyId, status: 0 })
    expect((await close(guest.client, hosts)).body.code).toBe(1301)
    expect((await close(host.client, mine)).body.data.status).toBe(0)
    const tooFew = await guest.client.post(`${ROOM}luckyMoney/add`, {
      roomId,
      totalAmount: 2,
      count: 3,
    })
    expect(tooFew.status).toBe(400)
    for (let i = 0; i < 200; i++) {
      let amount = 50
      let count = 7
      const shares: number[] = []
      while (count > 0) {
        const share = drawShare(amount, count)
        shares.push(share)
        amount -= share
        count--
      }
      expect(Math.min(...shares)).toBeGreaterThanOrEqual(1)
      expect(shares.reduce((s, n) => s + n, 0)).toBe(50)
    }
  })
})

describe('sign-in, goods, live, signature', () => {
  it('[API-8] [CMD-18] signing in is announced once; the wall lists who signed in; result answers mine', async () => {
    const { host, guest, roomId } = await meeting(server)
    const rtm = await RtmClient.join(server, host)
    const signed = await guest.client.post(`${ROOM}signIn/add`, { roomId })
    expect(signed.body.data).toMatchObject({ userName: 'Carl' })
    expect((await rtm.message(18)).data).toMatchObject({ type: 'signIn', userName: 'Carl' })
    const twice = await guest.client.post(`${ROOM}signIn/add`, { roomId })
    expect(twice.body.data.signInTime).toBe(signed.body.data.signInTime)
    const wall = await host.client.get(`${ROOM}signIn/list?roomId=${roomId}`)
    expect(wall.body.data.map((s: any) => s.userName)).toEqual(['Carl'])
    expect((await host.client.get(`${ROOM}signIn/result?roomId=${roomId}`)).body.data).toEqual({
      signedIn: false,
      signInTime: null,
      total: 1,
    })
    const stranger = await new Client(server.url).get(`${ROOM}signIn/list?roomId=${roomId}`)
    expect(stranger.body.code).toBe(10011)
    rtm.close()
  })

  it('[API-8] [CMD-23] [MSG-4] goods: a host adds and shows one (announced with goodsId); members list them', async () => {
    const { host, guest, roomId } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    const goods = await host.client.post(`${ROOM}goods/add`, {
      roomId,
      title: 'Notebook',
      price: 1999,
      isAppStore: 1,
    })
    expect(goods.body.data).toMatchObject({ title: 'Notebook', price: 1999, isAppStore: 1 })
    const goodsId = goods.body.data.goodsId
    expect((await host.client.post(`${ROOM}goods/show`, { roomId, goodsId })).body.code).toBe(0)
    expect((await rtm.message(23)).data).toMatchObject({ goodsId, isAppStore: true, show: true })
    expect(
      (await guest.client.get(`${ROOM}goods/activity?roomId=${roomId}`)).body.data,
    ).toHaveLength(1)
    const missing = await host.client.post(`${ROOM}goods/show`, { roomId, goodsId: 'nope' })
    expect(missing.body.code).toBe(1001)
    rtm.close()
  })

  it('[API-1] [CMD-27] [LIVE-1] live: language streams, introduction, backgrounds, live state (announced), setting', async () => {
    const { host, guest, roomId } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    const uuid = host.room.roomUuid
    const streams = await host.client.post(`${ROOM}room/${roomId}/streamingUrls/add`, {
      languageType: 'en',
      languageName: 'English',
      pullUrl: 'https://cdn.example.com/live/en.m3u8',
      pushUrl: 'rtmp://ingest.example.com/live/en',
    })
    expect(streams.body.data[0]).toMatchObject({
      languageType: 'en',
      pushUrl: 'rtmp://ingest.example.com/live/en',
    })
    const badUrl = await host.client.post(`${ROOM}room/${roomId}/streamingUrls/add`, {
      languageType: 'zh',
      languageName: '中文',
      pullUrl: 'javascript:alert(1)',
    })
    expect(badUrl.status).toBe(400)
    // A push to a CDN watched on its own pages needs no pull URL; a stream with neither, a push
    // that is not RTMP and a push URL added twice are refused with the field and the reason.
    const add = (body: Record<string, string>) =>
      host.client.post(`${ROOM}room/${roomId}/streamingUrls/add`, {
        languageType: 'de',
        languageName: 'Deutsch',
        ...body,
      })
    const pushOnly = await add({ pushUrl: 'rtmp://ingest.example.com/live/de' })
    expect(pushOnly.body.data[1]).toMatchObject({ languageType: 'de', pullUrl: '' })
    expect((await add({})).body).toMatchObject({
      code: 2001,
      data: { field: 'pushUrl', reason: 'noUrl' },
    })
    const ftp = await add({ pushUrl: 'ftp://ingest.example.com/live/de' })
    expect(ftp.status).toBe(400)
    expect(ftp.body.data).toMatchObject({ field: 'pushUrl', reason: 'pattern' })
    expect((await add({ pushUrl: 'rtmp://ingest.example.com/live/de' })).body).toMatchObject({
      code: 2001,
      data: { field: 'pushUrl', reason: 'duplicate' },
    })
    await host.client.post(`${ROOM}room/${roomId}/streamingUrls/delete`, {
      streamId: pushOnly.body.data[1].streamId,
    })
    // A language interpreted by a conferee needs no URL (the room's own player offers it while
    // live); an interpreter must be a host or conferee of the room; the host changes them.
    const interpreted = await add({ interpreterUid: guest.me.uid })
    expect(interpreted.body.data[1]).toMatchObject({
      languageType: 'de',
      interpreterUid: guest.me.uid,
      liveUrl: '',
    })
    const streamId = interpreted.body.data[1].streamId
    expect((await add({ interpreterUid: '123' })).body).toMatchObject({
      code: 2001,
      data: { field: 'interpreterUid', reason: 'noInterpreter' },
    })
    const update = (interpreterUid: string) =>
      host.client.post(`${ROOM}room/${roomId}/streamingUrls/update`, { streamId, interpreterUid })
    expect((await update('123')).body.data).toMatchObject({ reason: 'noInterpreter' })
    expect((await update(host.me.uid)).body.data[1].interpreterUid).toBe(host.me.uid)
    expect((await update('')).body.data[1].interpreterUid).toBe('')
    const byGuest = await guest.client.post(`${ROOM}room/${roomId}/streamingUrls/update`, {
      streamId,
      interpreterUid: guest.me.uid,
    })
    expect(byGuest.body.code).toBe(1301)
    await host.client.post(`${ROOM}room/${roomId}/streamingUrls/delete`, { streamId })
    const intro = await host.client.post(`${ROOM}live/${uuid}/introduceOpen/update`, {
      introduceOpen: 1,
      introduce: 'Hello',
    })
    expect(intro.body.data).toMatchObject({ introduceOpen: 1, introduce: 'Hello' })
    const images = await host.client.post(`${ROOM}live/${uuid}/backgroundImage/add`, {
      url: '/bg.png',
    })
    expect(images.body.data).toHaveLength(1)
    const removed = await host.client.post(`${ROOM}live/${uuid}/backgroundImage/delete`, {
      imageId: images.body.data[0].imageId,
    })
    expect(removed.body.data).toEqual([])
    // This server runs the mesh (no Janus): going live is refused with the reason, ending is not.
    const live = await host.client.post(`${ROOM}live/${uuid}/liveState/update/v2`, { liveState: 1 })
    expect(live.body).toMatchObject({ code: 2001 })
    expect(live.body.msg).toMatch(/^live is unavailable: .*Janus/)
    const ended = await host.client.post(`${ROOM}live/${uuid}/liveState/update/v2`, {
      liveState: 3,
    })
    expect(ended.body.data.liveState).toBe(3)
    // The language changes before were announced with the room's state then (READY, 0).
    expect((await rtm.message(27, (m) => m.data.liveState !== 0)).data.liveState).toBe(3)
    const setting = await guest.client.get(`${ROOM}room/${roomId}/live/setting`)
    expect(setting.body.data).toMatchObject({
      liveState: 3,
      introduceOpen: 1,
      liveUrl: '',
      liveAvailable: 0,
    })
    expect(setting.body.data.streamingUrls[0]).toMatchObject({
      pullUrl: 'https://cdn.example.com/live/en.m3u8',
      pushUrl: '',
    })
    const bad = await host.client.post(`${ROOM}live/${uuid}/liveState/update/v2`, { liveState: 9 })
    expect(bad.status).toBe(400)
    rtm.close()
  })

  it('[API-8] the messaging app signature follows its published algorithm; unconfigured it is refused', async () => {
    // The JS-SDK documentation's own example.
    expect(
      jsSdkSignature(
        'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        'Wm3WZYTPz0wzccnW',
        1414587457,
        'http://mp.weixin.qq.com?params=value',
      ),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed')
    const url = encodeURIComponent('https://a.example/x')
    const answer = await new Client(server.url).get(`${ROOM}wx/signature?url=${url}`)
    expect(answer.body).toMatchObject({ code: 1901, msg: 'the messaging app is not configured' })
  })
})
