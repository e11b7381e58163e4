import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FfmpegProcess, ffprobe } from '../../../src/server/media/compose/ffmpeg'
import { RecordingSink } from '../../../src/server/media/compose/recorder'
import { meeting, ROOM, RtmClient, startServer, type TestServer } from '../harness'
import { publishPattern } from './compose/stage'
import { ProgramClock } from './program-clock'

/** A free loopback port (nothing listens there once this answers). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Asks again every half second until `check` holds (a timeout names what never came). */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(500)
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'roomcast-broadcast-test-'))

describe('live broadcast and cloud recording on Janus and ffmpeg', () => {
  let server: TestServer
  let room: Awaited<ReturnType<typeof meeting>>
  let rtm: RtmClient
  let recordingId = ''
  let recordingFrom = 0
  let clock: ProgramClock
  const cleanup: (() => Promise<unknown>)[] = []

  beforeAll(async () => {
    server = await startServer({ settings: { media: 'sfu', presenceGraceMs: 600_000 } })
    room = await meeting(server)
    rtm = await RtmClient.join(server, room.guest)
    // The host's camera and microphone: a test pattern and a tone, published into the room.
    const { media, deps } = server.app
    const channel = room.host.room.channelName as string
    const janus = media.serverFor(channel)
    await janus.rooms.ensure(media.roomRef(channel), { publishers: deps.settings.sfuPublishers })
    const found = deps.broadcasts.ffmpegInstall!
    const camera = await publishPattern(janus, found, media.roomRef(channel), room.host.me.uid)
    cleanup.push(camera.stop)
  }, 300_000)

  afterAll(async () => {
    rtm?.close()
    for (const undo of cleanup.reverse()) await undo().catch(() => undefined)
    await server?.close()
    rmSync(scratch, { recursive: true, force: true })
  })

  it('[LIVE-1] [CMD-27] [OPEN-1] [REC-2] a host goes live: HLS under our origin and an RTMP push to every streaming URL; an unreachable CDN is reported and the live goes on; a 10-second recording is refused as too short', async () => {
    const { host, guest, roomId } = room
    const uuid = host.room.roomUuid as string
    const install = server.app.deps.broadcasts.ffmpegInstall!
    expect(server.app.deps.broadcasts.describe()).toMatch(/^live and recording: on \(ffmpeg /)

    // A local RTMP receiver (what a CDN's ingest is), and a port where nothing listens.
    const port = await freePort()
    const received = join(scratch, 'received.flv')
    const receiver = new FfmpegProcess(
      install.ffmpeg,
      [
        ...['-listen', '1', '-i', `rtmp://127.0.0.1:${port}/live/en`],
        ...['-t', '3', '-c', 'copy', '-y', received],
      ],
      { name: 'receiver', stdin: false },
    )
    cleanup.push(() => receiver.stop())
    const add = (languageType: string, pushUrl: string) =>
      host.client.post(`${ROOM}room/${roomId}/streamingUrls/add`, {
        languageType,
        languageName: languageType,
        pullUrl: `https://cdn.example.com/${languageType}.m3u8`,
        pushUrl,
      })
    expect((await add('http', 'http://cdn.example.com/live')).status).toBe(400)
    expect((await add('en', `rtmp://127.0.0.1:${port}/live/en`)).body.code).toBe(0)
    const dead = await freePort()
    expect((await add('zh', `rtmp://127.0.0.1:${dead}/live/zh`)).body.code).toBe(0)

    const live = await host.client.post(`${ROOM}live/${uuid}/liveState/update/v2`, {
      liveState: 1,
    })
    expect(live.body.data).toMatchObject({ liveState: 1, liveOpen: 1 })
    // Each language added before was announced with the room's state then (READY, 0).
    expect((await rtm.message(27, (m) => m.data.liveState !== 0)).data.liveState).toBe(1)
    expect(rtm.messages(27).map((m) => m.data.liveState)).toEqual([0, 0, 1])
    expect((await rtm.message(12)).data.openLive).toBe(1)
    const url: string = (await guest.client.get(`${ROOM}room/${roomId}/live/setting`)).body.data
      .liveUrl
    expect(url).toMatch(/^\/live\/[A-Za-z0-9_-]{22}\/index\.m3u8$/)

    // The playlist under our own origin is low-latency HLS: parts, then whole segments, that a
    // player can read.
    let playlist = ''
    await until(
      async () => {
        const answer = await fetch(server.url + url)
        playlist = answer.ok ? await answer.text() : ''
        return (playlist.match(/^#EXTINF/gm) ?? []).length >= 2
      },
      60_000,
      'two live segments',
    )
    expect(playlist).toMatch(/#EXT-X-TARGETDURATION:1\n/)
    expect(playlist).toMatch(/#EXT-X-PART:DURATION=[\d.]+,URI="p\d+\.m4s",INDEPENDENT=YES\n/)
    expect(playlist).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES')
    const probe = await ffprobe(install, server.url + url)
    expect(probe.streams?.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      width: 1280,
      height: 720,
    })
    expect(probe.streams?.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac')

    // Recording the running program (the next test stops it): it has its first picture at once.
    // The program's own clock notes what of it the recording is handed, from start to stop.
    const program = server.app.deps.broadcasts.studioOf(roomId)!.program
    clock = new ProgramClock(program, (output) => output instanceof RecordingSink)
    const started = await host.client.post(`${ROOM}recording/mix/start`, { roomId })
    expect(started.body.data).toMatchObject({ status: 0, stopTime: null })
    recordingId = started.body.data.recordingId
    recordingFrom = Date.now()
    expect((await rtm.message(30)).data.recordingState).toBe(1)
    // Ten seconds in, a stop is refused as too short and the recording goes on.
    await sleep(Math.max(0, recordingFrom + 10_000 - Date.now()))
    const early = await host.client.post(`${ROOM}recording/mix/stop`, { roomId })
    expect(early.body).toMatchObject({ code: 1501, msg: 'recording too short' })

    // The receiver got three seconds of the program.
    const exit = await receiver.exited
    expect(exit.code).toBe(0)
    const got = await ffprobe(install, received)
    expect(got.streams?.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264'])

    // The host sees how each push goes; the conferee sees no push URL at all.
    let pushes: { pushUrl: string; pushState: string; pushError: string }[] = []
    await until(
      async () => {
        pushes = (await host.client.get(`${ROOM}room/${roomId}/live/setting`)).body.data
          .streamingUrls
        return pushes.find((p) => p.pushUrl.includes('/zh'))?.pushState === 'retrying'
      },
      30_000,
      'the unreachable push reported',
    )
    expect(pushes.find((p) => p.pushUrl.includes('/zh'))?.pushError).toMatch(
      /refused|failed|error/i,
    )
    const seen = (await guest.client.get(`${ROOM}room/${roomId}/live/setting`)).body.data
    expect(seen.streamingUrls.map((s: { pushUrl: string }) => s.pushUrl)).toEqual(['', ''])
    expect(seen.streamingUrls[0].pushState).toBeUndefined()
  }, 180_000)

  it('[REC-3] [CMD-30] a 20-second recording is saved and plays back with its length, for members only', async () => {
    const { host, guest, roomId } = room
    await sleep(Math.max(0, recordingFrom + 20_000 - Date.now()))
    const stopped = await host.client.post(`${ROOM}recording/mix/stop`, { roomId })
    expect(stopped.body.data).toMatchObject({ recordingId, status: 3 })
    // The program made this many seconds meanwhile (fewer than 20 when a busy machine cannot
    // encode in real time), in its own timestamps from the first picture the recording was handed
    // to the last: the recording must hold all of them.
    const made = clock.seconds!
    expect((await rtm.message(30, (m) => m.data.recordingState === 0)).from).toBe('server')
    let saved: { status: number; duration: number; files: { url: string; size: number }[] } = {
      status: 0,
      duration: 0,
      files: [],
    }
    await until(
      async () => {
        const list = (await guest.client.get(`${ROOM}recording/all/list?roomId=${roomId}`)).body
        saved = list.data[0]
        return saved.status === 4
      },
      60_000,
      'the recording saved',
    )
    // The server measured the file, and ffprobe agrees.
    // It starts at the program's next key frame (two a second) and ends with the last frame.
    expect(made).toBeGreaterThanOrEqual(15)
    expect(Math.abs(saved.duration - made)).toBeLessThanOrEqual(2)
    expect(saved.duration).toBeLessThanOrEqual(22)
    const video = await fetch(server.url + saved.files[0]!.url, {
      headers: { cookie: guest.client.cookie },
    })
    expect(video.headers.get('content-type')).toBe('video/mp4')
    const bytes = Buffer.from(await video.arrayBuffer())
    expect(bytes.length).toBe(saved.files[0]!.size)
    const file = join(scratch, 'downloaded.mp4')
    writeFileSync(file, bytes)
    const probe = await ffprobe(server.app.deps.broadcasts.ffmpegInstall!, file)
    expect(Math.abs(Number(probe.format?.duration) - saved.duration)).toBeLessThan(1.5)
    // Seeking: a range answers 206 with those bytes.
    const range = await fetch(server.url + saved.files[0]!.url, {
      headers: { cookie: guest.client.cookie, range: 'bytes=0-99' },
    })
    expect(range.status).toBe(206)
    expect((await range.arrayBuffer()).byteLength).toBe(100)
    const playback = (await guest.client.get(`${ROOM}recording/list?roomId=${roomId}`)).body.data
    expect(playback.uploadedVideoUrl).toBe(saved.files[0]!.url)
    const stranger = await fetch(server.url + saved.files[0]!.url)
    expect(stranger.status).toBe(401)
  }, 120_000)

  it('[LIVE-1] [CMD-27] ending the live closes the playlist and the live URL goes', async () => {
    const { host, guest, roomId } = room
    const uuid = host.room.roomUuid as string
    const url: string = (await guest.client.get(`${ROOM}room/${roomId}/live/setting`)).body.data
      .liveUrl
    const ended = await host.client.post(`${ROOM}live/${uuid}/liveState/update/v2`, {
      liveState: 3,
    })
    expect(ended.body.data).toMatchObject({ liveState: 3, liveOpen: 0 })
    expect((await rtm.message(27, (m) => m.data.liveState === 3)).data.liveState).toBe(3)
    const playlist = await (await fetch(server.url + url)).text()
    expect(playlist).toContain('#EXT-X-ENDLIST')
    const setting = (await guest.client.get(`${ROOM}room/${roomId}/live/setting`)).body.data
    expect(setting.liveUrl).toBe('')
  })
})
