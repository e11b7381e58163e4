import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LiveState } from '@streams/wire/constants'
import {
  AgoraLiveEngine,
  agoraLiveSettingsProblem,
  cardsUrlProblem,
  fillTemplate,
} from '../../../src/server/agora/live-engine'
import { CANVAS } from '../../../src/server/media/compose/layout'
import { SAMPLE_RATE } from '../../../src/server/media/compose/mixer'
import { ENCODING } from '../../../src/server/media/compose/program'
import type { Db } from '../../../src/server/store/db'
import type { RoomRow } from '../../../src/server/store/rooms'
import { CDN_PROGRAM } from '@streams/wire/cdn-layout'
import { updateRoom } from '../../../src/server/store/rooms'
import type { Client } from '../harness'
import { meeting, ROOM, startServer, type TestServer } from '../harness'

const AGORA = {
  agoraAppId: '970CA35de60c44645bbae8a215061b33',
  agoraAppCertificate: 'c'.repeat(32),
}
const PUSH = 'rtmp://push.cdn.example.com/live/{channel}?key=secret'
const PULL = 'https://pull.cdn.example.com/live/{channel}/index.m3u8'

const room = { room_id: 'r 1', channel_name: 'ch/1' } as RoomRow

describe('Agora live settings', () => {
  it('templates take the channel and room id, URL-encoded', () => {
    expect(fillTemplate(PULL, room)).toBe('https://pull.cdn.example.com/live/ch%2F1/index.m3u8')
    expect(fillTemplate('rtmp://x/{roomId}/{channel}', room)).toBe('rtmp://x/r%201/ch%2F1')
  })

  it('both or neither, each of its kind: what is wrong names the setting', () => {
    expect(agoraLiveSettingsProblem({})).toBe('')
    expect(agoraLiveSettingsProblem({ agoraLivePushUrl: PUSH, agoraLivePullUrl: PULL })).toBe('')
    expect(agoraLiveSettingsProblem({ agoraLivePushUrl: PUSH })).toMatch(
      /^AGORA_LIVE_PUSH_URL is set without AGORA_LIVE_PULL_URL/,
    )
    expect(agoraLiveSettingsProblem({ agoraLivePullUrl: PULL })).toMatch(
      /^AGORA_LIVE_PULL_URL is set without AGORA_LIVE_PUSH_URL/,
    )
    const badPush = agoraLiveSettingsProblem({
      agoraLivePushUrl: 'https://push/live/key',
      agoraLivePullUrl: PULL,
    })
    expect(badPush).toMatch(/^AGORA_LIVE_PUSH_URL must be an rtmp/)
    // The stream key (the push URL's last part) is a secret: never in the message.
    expect(badPush).not.toContain('key')
    expect(
      agoraLiveSettingsProblem({ agoraLivePushUrl: PUSH, agoraLivePullUrl: 'ftp://x/y' }),
    ).toMatch(/^AGORA_LIVE_PULL_URL must be an http/)
  })

  it("Agora's transcoding is told local mode's program: size, frame rate, bitrates, GOP, sound", () => {
    expect(CDN_PROGRAM).toMatchObject({
      width: CANVAS.width,
      height: CANVAS.height,
      fps: ENCODING.fps,
      videoKbps: ENCODING.videoKbps,
      gopFrames: ENCODING.gopFrames,
      audioKbps: ENCODING.audioKbps,
      audioSampleRate: SAMPLE_RATE,
    })
  })

  it('without templates the room is played at its first language stream that is pushed and pulled', () => {
    const noDb = { query: () => Promise.reject(new Error('unused')) } as unknown as Db
    const engine = new AgoraLiveEngine({}, noDb)
    const streams = [
      { streamId: 'a', pushUrl: '', pullUrl: 'https://cdn/a.m3u8' },
      { streamId: 'b', pushUrl: 'rtmp://cdn/live/b', pullUrl: 'https://cdn/b.m3u8' },
      { streamId: 'c', pushUrl: 'rtmp://cdn/live/c', pullUrl: 'https://cdn/c.m3u8' },
    ]
    expect(engine.liveUrl(room, streams)).toBe('https://cdn/b.m3u8')
    expect(engine.liveUrl(room, streams.slice(0, 1))).toBe('')
    expect(engine.roomPushUrl(room)).toBe('')
    expect(engine.originDir()).toBeUndefined()
  })
})

describe('Agora mode: the live engine composes nothing on this server', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({
      settings: {
        ...AGORA,
        agoraLivePushUrl: PUSH,
        agoraLivePullUrl: PULL,
        publicUrl: 'https://meet.example.com/',
      },
    })
  })
  afterAll(() => server.close())

  it('[LIVE-1] live, paused, ended: the audience plays the pull URL, the host is told its push URL, push reports reach the hosts only while live', async () => {
    const { host, guest, audience, roomId } = await meeting(server, true)
    expect(server.app.deps.live).toBeInstanceOf(AgoraLiveEngine)
    const channel = encodeURIComponent(host.room.channelName as string)
    const live = (liveState: number) =>
      host.client.post(`${ROOM}live/${host.room.roomUuid}/liveState/update/v2`, { liveState })
    const setting = (who: { client: Client }) =>
      who.client.get(`${ROOM}room/${roomId}/live/setting`).then((a) => a.body.data)
    const report = (body: object) =>
      host.client.post(`${ROOM}room/${roomId}/streamingUrls/pushState`, body)
    const added = await host.client.post(`${ROOM}room/${roomId}/streamingUrls/add`, {
      languageType: 'en',
      languageName: 'English',
      pushUrl: 'rtmp://cdn.example.com/live/en-key',
      pullUrl: 'https://cdn.example.com/live/en.m3u8',
    })
    const streamId = added.body.data[0].streamId as string

    // READY: nothing to play, no push; a report is refused.
    expect((await setting(audience)).liveUrl).toBe('')
    expect((await report({ streamId, state: 'running' })).body.msg).toMatch(/push reports/)

    const living = await live(LiveState.LIVING)
    expect(living.body.code).toBe(0)
    expect(living.body.data.liveAvailable).toBe(1)
    // The host's answer carries the room's push URL; the audience's never does.
    expect(living.body.data.pushUrl).toBe(`rtmp://push.cdn.example.com/live/${channel}?key=secret`)
    // With PUBLIC_URL, the host's client is told where Agora fetches names and the paused slate.
    expect(living.body.data.cardsUrl).toBe('https://meet.example.com/media/cards')
    const slate = await audience!.client.raw('GET', '/media/cards/paused.png')
    expect([slate.status, slate.headers.get('content-type')]).toEqual([200, 'image/png'])
    const watched = await setting(audience)
    expect(watched).not.toHaveProperty('cardsUrl')
    expect(watched.liveUrl).toBe(`https://pull.cdn.example.com/live/${channel}/index.m3u8`)
    expect(watched).not.toHaveProperty('pushUrl')
    expect(JSON.stringify(watched)).not.toContain('key')
    // No composition, no stream of ours: the origin has nothing to serve.
    expect(server.app.deps.broadcasts.isLive(roomId)).toBe(false)
    expect(server.app.deps.broadcasts.studioOf(roomId)).toBeUndefined()
    expect((await audience!.client.raw('GET', `/live/${'a'.repeat(22)}/index.m3u8`)).status).toBe(
      404,
    )

    // The host's client reports its pushes: the hosts read them as local mode's push states.
    expect((await report({ streamId, state: 'running' })).body.code).toBe(0)
    const failed = await report({ streamId: '', state: 'retrying', reason: 'CDN refused' })
    expect(failed.body.code).toBe(0)
    const reported = await setting(host)
    expect(reported.streamingUrls[0]).toMatchObject({ pushState: 'running', pushError: '' })
    // The room's own push, beside it.
    expect(reported).toMatchObject({ pushState: 'retrying', pushError: 'CDN refused' })
    await report({ streamId, state: 'retrying', reason: 'LIVE_STREAMING_CDN_ERROR' })
    expect((await setting(host)).streamingUrls[0]).toMatchObject({
      pushState: 'retrying',
      pushError: 'LIVE_STREAMING_CDN_ERROR',
    })
    expect((await setting(audience)).streamingUrls[0]).not.toHaveProperty('pushState')
    // Kept in the database: another process of a cluster answers the same.
    const elsewhere = new AgoraLiveEngine(
      { agoraLivePushUrl: PUSH, agoraLivePullUrl: PULL },
      server.app.db,
    )
    expect(await elsewhere.pushStates(roomId)).toEqual([
      {
        url: 'rtmp://cdn.example.com/live/en-key',
        state: { kind: 'retrying', reason: 'LIVE_STREAMING_CDN_ERROR', attempt: 1 },
      },
      {
        url: `rtmp://push.cdn.example.com/live/${channel}?key=secret`,
        state: { kind: 'retrying', reason: 'CDN refused', attempt: 1 },
      },
    ])
    // A conferee may not report; an unknown stream is refused.
    const byGuest = await guest.client.post(`${ROOM}room/${roomId}/streamingUrls/pushState`, {
      streamId,
      state: 'running',
    })
    expect(byGuest.body.code).not.toBe(0)
    expect((await report({ streamId: 'nope', state: 'running' })).body.msg).toBe('no such push URL')

    // PAUSE: still played (the host's client shows the pause); END: nothing, reports gone.
    expect((await live(LiveState.PAUSE)).body.data.liveUrl).toMatch(/^https:\/\/pull\./)
    expect((await live(LiveState.END)).body.code).toBe(0)
    const ended = await setting(host)
    expect(ended.liveUrl).toBe('')
    expect(ended).not.toHaveProperty('pushUrl')
    expect(ended.streamingUrls[0].pushState).toBe('')
    expect(await server.app.deps.live.pushStates(roomId)).toEqual([])
  })
})

describe('live engine selection', () => {
  it('Agora mode with a half-set template: live is refused with the message naming the setting', async () => {
    const server = await startServer({ settings: { ...AGORA, agoraLivePullUrl: PULL } })
    try {
      const { host, roomId } = await meeting(server)
      const answer = await host.client.post(
        `${ROOM}live/${host.room.roomUuid}/liveState/update/v2`,
        { liveState: LiveState.LIVING },
      )
      expect(answer.body.code).not.toBe(0)
      expect(answer.body.msg).toMatch(/AGORA_LIVE_PULL_URL is set without AGORA_LIVE_PUSH_URL/)
      const setting = await host.client.get(`${ROOM}room/${roomId}/live/setting`)
      expect(setting.body.data.liveAvailable).toBe(0)
      expect(server.app.deps.live.describe()).toMatch(/^live: off \(AGORA_LIVE_PULL_URL/)
      // Without PUBLIC_URL: no pictures of names (nothing served, nothing told; the log says why).
      expect(server.app.deps.live.cardsUrl).toBe('')
      expect(setting.body.data).not.toHaveProperty('cardsUrl')
      expect((await host.client.raw('GET', '/media/cards/paused.png')).status).toBe(404)
      expect(cardsUrlProblem({})).toMatch(/^PUBLIC_URL is not set: .*no name labels, name cards/)
      expect(cardsUrlProblem({ publicUrl: 'https://meet.example.com' })).toBe('')
      expect(cardsUrlProblem({ publicUrl: 'meet.example.com' })).toMatch(
        /^PUBLIC_URL must be an http:\/\/ or https:\/\/ origin, got 'meet.example.com'/,
      )
      expect(new AgoraLiveEngine({ publicUrl: 'meet.example.com' }, server.app.db).cardsUrl).toBe(
        '',
      )
      expect(
        new AgoraLiveEngine({ publicUrl: 'https://m.example.com/app/' }, server.app.db).cardsUrl,
      ).toBe('https://m.example.com/app/media/cards')
    } finally {
      await server.close()
    }
  })

  it('local mode: the local engine, no push reports taken, no push URL told', async () => {
    const server = await startServer({
      settings: { agoraLivePushUrl: PUSH, agoraLivePullUrl: PULL },
    })
    try {
      expect(server.app.deps.live).not.toBeInstanceOf(AgoraLiveEngine)
      const { host, roomId } = await meeting(server)
      const added = await host.client.post(`${ROOM}room/${roomId}/streamingUrls/add`, {
        languageType: 'en',
        languageName: 'English',
        pushUrl: 'rtmp://cdn.example.com/live/en-key',
      })
      await updateRoom(server.app.db, roomId, { liveState: LiveState.LIVING }, Date.now())
      const report = await host.client.post(`${ROOM}room/${roomId}/streamingUrls/pushState`, {
        streamId: added.body.data[0].streamId,
        state: 'running',
      })
      expect(report.body.msg).toMatch(/does not take push reports/)
      const setting = await host.client.get(`${ROOM}room/${roomId}/live/setting`)
      expect(setting.body.data).not.toHaveProperty('pushUrl')
      expect(setting.body.data).not.toHaveProperty('cardsUrl')
      expect(setting.body.data.liveUrl).toMatch(/^\/live\/[A-Za-z0-9_-]{22}\/index\.m3u8$/)
    } finally {
      await server.close()
    }
  })
})
