import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, meeting, ROOM, RtmClient, startServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer({
    settings: { maxUploadBytes: 64 * 1024, presenceGraceMs: 600_000 },
  })
})
afterAll(() => server.close())

const pdf = { name: 'slides.pdf', type: 'application/pdf', content: '%PDF-1.4 three pages' }

describe('files', () => {
  it('[API-8] file add stores the bytes; list, page list, percentage and the content download serve them to members', async () => {
    const { host, guest, roomId } = await meeting(server)
    const added = await host.client.upload(`${ROOM}file/add`, { roomId }, pdf)
    const file = added.body.data
    expect(file).toMatchObject({
      name: 'slides.pdf',
      type: 'pdf',
      size: pdf.content.length,
      state: 0,
      userName: 'Hana',
    })
    expect(
      (await guest.client.get(`${ROOM}file/list?roomId=${roomId}`)).body.data.map(
        (f: any) => f.fileId,
      ),
    ).toEqual([file.fileId])
    const page = await guest.client.get(`${ROOM}file/page/list?roomId=${roomId}&page=1&size=1`)
    expect(page.body.data).toMatchObject({ total: 1, page: 1, size: 1 })
    const download = await guest.client.raw('GET', file.url)
    expect([download.status, download.text, download.headers.get('content-type')]).toEqual([
      200,
      pdf.content,
      'application/pdf',
    ])
    expect(download.headers.get('content-disposition')).toContain('slides.pdf')
    const stranger = await new Client(server.url).raw('GET', file.url)
    expect(JSON.parse(stranger.text).code).toBe(10011)
    const progress = await host.client.post(`${ROOM}file/state/update`, {
      fileId: file.fileId,
      state: 1,
      percentage: 40,
    })
    expect(progress.body.data).toMatchObject({ state: 1, percentage: 40 })
    expect(
      (await guest.client.get(`${ROOM}file/percentage?fileId=${file.fileId}`)).body.data,
    ).toEqual({
      fileId: file.fileId,
      state: 1,
      percentage: 40,
    })
    await host.client.post(`${ROOM}file/state/update`, { fileId: file.fileId, state: 2 })
    const ready = await guest.client.get(`${ROOM}convert/player/select?roomId=${roomId}`)
    expect(ready.body.data.map((f: any) => [f.fileId, f.percentage])).toEqual([[file.fileId, 100]])
  })

  it('[API-8] a conferee without the board may not upload; an upload over the limit is refused with 413 and nothing kept', async () => {
    const { host, guest, roomId } = await meeting(server)
    const refused = await guest.client.upload(`${ROOM}file/add`, { roomId }, pdf)
    expect(refused.body.code).toBe(1301)
    const big = await host.client.upload(
      `${ROOM}file/add`,
      { roomId },
      { ...pdf, content: 'x'.repeat(70 * 1024) },
    )
    expect([big.status, big.body.code]).toEqual([413, 1701])
    expect((await host.client.get(`${ROOM}file/list?roomId=${roomId}`)).body.data).toEqual([])
    const noRoom = await host.client.upload(`${ROOM}file/add`, {}, pdf)
    expect([noRoom.status, noRoom.body.data.field]).toEqual([400, 'roomId'])
  })

  it('[API-8] list/add copies my files to another room; spokesperson/checked; DELETE file/{id}', async () => {
    const a = await meeting(server)
    const b = await meeting(server)
    const file = (await a.host.client.upload(`${ROOM}file/add`, { roomId: a.roomId }, pdf)).body
      .data
    const other = await b.host.client.post(`${ROOM}file/list/add`, {
      roomId: b.roomId,
      fileIds: [file.fileId],
    })
    expect(other.body.code).toBe(1701)
    const own = await a.host.client.upload(
      `${ROOM}file/add`,
      { roomId: a.roomId },
      { ...pdf, name: 'b.pdf' },
    )
    const b2 = await a.host.client.post(`${ROOM}file/list/add`, {
      roomId: a.roomId,
      fileIds: [own.body.data.fileId],
    })
    expect(b2.body.data[0]).toMatchObject({ name: 'b.pdf', roomId: a.roomId })
    const checked = await a.host.client.post(`${ROOM}file/spokesperson/checked`, {
      fileId: file.fileId,
      checked: 1,
    })
    expect(checked.body.data.checked).toBe(1)
    expect((await a.guest.client.call('DELETE', `${ROOM}file/${file.fileId}`)).body.code).toBe(1301)
    expect((await a.host.client.call('DELETE', `${ROOM}file/${file.fileId}`)).body.code).toBe(0)
    expect((await a.guest.client.raw('GET', file.url)).text).toContain('no such file')
  })

  it('[API-8] [CMD-17] dom add announces the document page; dom list answers the newest first', async () => {
    const { host, guest, roomId } = await meeting(server)
    const rtm = await RtmClient.join(server, guest)
    const file = (await host.client.upload(`${ROOM}file/add`, { roomId }, pdf)).body.data
    const dom = await host.client.post(`${ROOM}dom/add`, {
      roomId,
      fileId: file.fileId,
      page: 2,
      total: 3,
    })
    expect(dom.body.data).toMatchObject({ fileName: 'slides.pdf', page: 2, total: 3 })
    expect((await rtm.message(17)).data).toMatchObject({ fileId: file.fileId, page: 2 })
    await host.client.post(`${ROOM}dom/add`, { roomId, fileId: file.fileId, page: 3 })
    expect(
      (await guest.client.get(`${ROOM}dom/list?roomId=${roomId}`)).body.data.map(
        (d: any) => d.page,
      ),
    ).toEqual([3, 2])
    expect(
      (await guest.client.post(`${ROOM}dom/add`, { roomId, fileId: file.fileId, page: 1 })).body
        .code,
    ).toBe(1301)
    rtm.close()
  })
})

describe('cloud recording', () => {
  it('[API-8] without the SFU, mix start is refused with the reason; lists and the recording config answer', async () => {
    const { host, guest, roomId } = await meeting(server)
    const started = await host.client.post(`${ROOM}recording/mix/start`, { roomId })
    expect(started.body.code).toBe(1501)
    expect(started.body.msg).toMatch(/^cloud recording start failed: .*Janus/)
    const stopped = await host.client.post(`${ROOM}recording/mix/stop`, { roomId })
    expect(stopped.body).toMatchObject({ code: 1501, msg: 'no recording is running' })
    const playback = await guest.client.get(`${ROOM}recording/list?roomId=${roomId}`)
    expect(playback.body.data).toMatchObject({ uploadedVideoUrl: '', recordingFileListVos: [] })
    const addresses = await guest.client.get(`${ROOM}recording/mix/addressList?roomId=${roomId}`)
    expect(addresses.body.data).toEqual([])
    expect((await host.client.get(`${ROOM}recording/all/list?roomId=${roomId}`)).body.data).toEqual(
      [],
    )
    expect(
      (await host.client.get(`${ROOM}recording/config/get?roomId=${roomId}`)).body.data,
    ).toMatchObject({
      autoStart: 0,
      resolution: '720p',
    })
    const set = await host.client.post(`${ROOM}recording/config/addOrUpdate`, {
      roomId,
      resolution: '1080p',
      autoStart: 1,
    })
    expect(set.body.data).toMatchObject({ resolution: '1080p', autoStart: 1, audioOnly: 0 })
    expect(
      (await host.client.post(`${ROOM}recording/config/addOrUpdate`, { roomId, resolution: '8k' }))
        .status,
    ).toBe(400)
    expect((await guest.client.get(`${ROOM}recording/config/get?roomId=${roomId}`)).body.code).toBe(
      1301,
    )
  })
})
