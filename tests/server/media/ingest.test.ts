import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FfmpegProcess, type FfmpegInstall } from '../../../src/server/media/compose/ffmpeg'
import { meeting, ROOM, RtmClient, startServer, type TestServer } from '../harness'
import { SfuPeer } from './sfu-peer'
import { until } from './werift-peer'

/** ffmpeg's test pattern and a tone, small to spare the machine. */
const PATTERN = [
  ...['-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15'],
  ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
  ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '15'],
  ...['-c:a', 'aac', '-b:a', '64k'],
]

/** Asks again every half second until `check` holds. */
async function eventually(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 500))
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'roomcast-ingest-test-'))

describe('[RTMP-1] input users: an RTMP push or a pulled stream shows in the room through the SFU', () => {
  let server: TestServer
  let ffmpeg: FfmpegInstall
  const cleanup: (() => Promise<unknown>)[] = []

  beforeAll(async () => {
    server = await startServer({ settings: { media: 'sfu', presenceGraceMs: 600_000 } })
    ffmpeg = server.app.deps.broadcasts.ffmpegInstall!
  }, 300_000)

  afterAll(async () => {
    for (const undo of cleanup.reverse()) await undo().catch(() => undefined)
    await server?.close()
    rmSync(scratch, { recursive: true, force: true })
  })

  /** ffmpeg pushing the pattern to an RTMP URL (stopped at the end). */
  const push = (url: string) => {
    const sender = new FfmpegProcess(ffmpeg.ffmpeg, [...PATTERN, '-f', 'flv', url], {
      name: 'test encoder',
      stdin: false,
      loglevel: 'error',
    })
    cleanup.push(() => sender.stop())
    return sender
  }

  /** Two members of the room joined to its media, and their realtime channel. */
  async function watchers(room: Awaited<ReturnType<typeof meeting>>) {
    const peers = [await SfuPeer.open(server, room.host), await SfuPeer.open(server, room.guest)]
    for (const peer of peers) {
      cleanup.push(() => peer.close())
      expect((await peer.join()).t).toBe('ack')
    }
    const rtm = await RtmClient.join(server, room.guest)
    cleanup.push(async () => rtm.close())
    return { peers, rtm }
  }

  /** Both members see the input's feed and receive its audio and video. */
  async function bothReceive(peers: SfuPeer[], uid: string) {
    for (const peer of peers) {
      await until(
        () => peer.feeds().some((f) => f.uid === uid && f.audio && f.video),
        30_000,
        `the input's feed on ${peer.who.me.userName}'s side`,
      )
      const feed = peer.feeds().find((f) => f.uid === uid)
      expect(feed).toMatchObject({ tile: uid, source: 'camera' })
      expect(
        (
          await peer.want([
            { feed: feed.feed, mid: feed.audio },
            { feed: feed.feed, mid: feed.video },
          ])
        ).t,
      ).toBe('ack')
    }
    for (const peer of peers)
      await until(
        () => peer.receiver.received.video > 30 && peer.receiver.received.audio > 30,
        30_000,
        `the input's media at ${peer.who.me.userName}`,
      )
  }

  it('a host adds an RTMP input: an encoder pushing to the ingest URL with the stream key is seen by two members; a wrong key is refused', async () => {
    const room = await meeting(server)
    const { host, guest, roomId } = room
    const added = await host.client.post(`${ROOM}room/${roomId}/input/add`, {
      kind: 'rtmp',
      name: 'Stage camera',
    })
    expect(added.body.code).toBe(0)
    const input = added.body.data
    expect(input).toMatchObject({ kind: 'rtmp', name: 'Stage camera', state: 'idle' })
    expect(input.uid).toMatch(/^\d{4}$/)
    expect(input.ingestUrl).toMatch(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/)
    expect(input.streamKey).toMatch(/^[A-Za-z0-9_-]{32}$/)
    // A conferee sees the input, not its key.
    const seen = (await guest.client.get(`${ROOM}room/${roomId}/input/list`)).body.data
    expect(seen).toEqual([{ ...input, ingestUrl: '', streamKey: '', sourceUrl: '' }])
    // Only a host adds inputs.
    const refused = await guest.client.post(`${ROOM}room/${roomId}/input/add`, {
      kind: 'rtmp',
      name: 'Mine',
    })
    expect(refused.body.code).not.toBe(0)

    // A wrong key: the encoder is told so and gives up; nothing joins the room.
    const wrong = push(`${input.ingestUrl}/not-the-key`)
    const wrongExit = await wrong.exited
    expect(wrongExit.code).not.toBe(0)
    expect(wrongExit.tail).toContain('wrong stream key')
    const wrongApp = push(`${input.ingestUrl.replace(/live$/, 'other')}/${input.streamKey}`)
    expect((await wrongApp.exited).tail).toMatch(/unknown application 'other'/)

    const { peers, rtm } = await watchers(room)
    const encoder = push(`${input.ingestUrl}/${input.streamKey}`)
    await bothReceive(peers, input.uid)
    // The input is a member of the room (a conferee), announced to everyone.
    const joined = await rtm.message(2, (m) => m.data.member?.uid === input.uid)
    expect(joined.data).toMatchObject({ type: 'join', userName: 'Stage camera' })
    expect(joined.data.member).toMatchObject({ role: 2, enableVideo: 1, enableAudio: 1 })
    const listed = (await host.client.get(`${ROOM}room/${roomId}/input/list`)).body.data
    expect(listed[0].state).toBe('live')

    // A second encoder on the same key is refused while the first publishes.
    const second = push(`${input.ingestUrl}/${input.streamKey}`)
    expect((await second.exited).tail).toContain('being published already')
    expect(encoder.running).toBe(true)

    // The encoder stops: the input leaves the room and its feed goes.
    await encoder.stop()
    await rtm.message(2, (m) => m.data.member?.uid === input.uid && m.data.type === 'leave', 30_000)
    await until(() => !peers[0]!.feeds().some((f) => f.uid === input.uid), 30_000, 'feed gone')
    const after = (await host.client.get(`${ROOM}room/${roomId}/input/list`)).body.data
    expect(after[0].state).toBe('idle')

    // [KICK-3] Published again, then kicked by the host: its encoder is hung up and its
    // transcoder stopped, not only its feed removed.
    const again = push(`${input.ingestUrl}/${input.streamKey}`)
    await until(() => peers[0]!.feeds().some((f) => f.uid === input.uid), 30_000, 'feed again')
    const kicked = await host.client.get(`${host.path}/user/${input.uid}/exit?reason=kickUserBy`)
    expect(kicked.body.code).toBe(0)
    const hungUp = await Promise.race([
      again.exited,
      new Promise<'running'>((r) => setTimeout(() => r('running'), 20_000)),
    ])
    expect(hungUp).toMatchObject({ stopped: false })
    expect(server.app.deps.ingest.inputs!.busy(roomId, input.uid)).toBe(false)
    await until(() => !peers[0]!.feeds().some((f) => f.uid === input.uid), 30_000, 'feed gone')

    // A kick is not a removal: the same stream key publishes again (not refused as busy), and the
    // input is back in the room for everyone: its member announced, its feed in the SFU, live.
    const joins = () =>
      rtm.messages(2).filter((m) => m.data.member?.uid === input.uid && m.data.type === 'join')
        .length
    const joinedBefore = joins()
    const back = push(`${input.ingestUrl}/${input.streamKey}`)
    // Its feed, with audio and video, is offered to both members again (the packets of a feed
    // that reuses a subscriber's m-line are not counted apart by this test's werift peer).
    for (const peer of peers)
      await until(
        () => peer.feeds().some((f) => f.uid === input.uid && f.audio && f.video),
        30_000,
        `the input's feed again on ${peer.who.me.userName}'s side`,
      )
    await until(() => joins() > joinedBefore, 30_000, 'the input announced again')
    expect(back.running).toBe(true)
    await eventually(
      async () =>
        (await host.client.get(`${ROOM}room/${roomId}/input/list`)).body.data[0].state === 'live',
      30_000,
      'the input live again',
    )
    await back.stop()
    await until(() => !peers[0]!.feeds().some((f) => f.uid === input.uid), 30_000, 'feed gone')

    // Removed: its key no longer opens the ingest.
    const removed = await host.client.post(`${ROOM}room/${roomId}/input/delete`, {
      uid: input.uid,
    })
    expect(removed.body.data).toEqual([])
    expect((await push(`${input.ingestUrl}/${input.streamKey}`).exited).tail).toContain(
      'wrong stream key',
    )
  }, 180_000)

  it('a pulled HLS stream shows the same way; an unreachable URL is reported and retried', async () => {
    // A live HLS stream served over HTTP (what a third-party source is).
    const hls = join(scratch, 'source')
    mkdirSync(hls)
    const writer = new FfmpegProcess(
      ffmpeg.ffmpeg,
      [
        ...PATTERN,
        ...['-f', 'hls', '-hls_time', '1', '-hls_list_size', '6'],
        ...['-hls_flags', 'delete_segments', join(hls, 'index.m3u8')],
      ],
      { name: 'source', stdin: false, loglevel: 'error' },
    )
    cleanup.push(() => writer.stop())
    const http: Server = createServer((req, res) => {
      const file = join(hls, (req.url ?? '').replace(/[^\w.]/g, ''))
      if (!existsSync(file)) return void res.writeHead(404).end()
      res.writeHead(200)
      createReadStream(file).pipe(res)
    })
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()))
    cleanup.push(() => new Promise((resolve) => http.close(resolve)))
    const port = (http.address() as { port: number }).port
    await until(() => existsSync(join(hls, 'index.m3u8')), 30_000, 'the source playlist')

    const room = await meeting(server)
    const { host, roomId } = room
    const { peers } = await watchers(room)
    const bad = await host.client.post(`${ROOM}room/${roomId}/input/add`, {
      kind: 'pull',
      name: 'Bad',
      sourceUrl: 'ftp://example.com/x',
    })
    expect(bad.status).toBe(400)
    const added = await host.client.post(`${ROOM}room/${roomId}/input/add`, {
      kind: 'pull',
      name: 'Overflow room',
      sourceUrl: `http://127.0.0.1:${port}/index.m3u8`,
    })
    const input = added.body.data
    expect(input).toMatchObject({ kind: 'pull', ingestUrl: '', streamKey: '' })
    await bothReceive(peers, input.uid)

    const gone = await host.client.post(`${ROOM}room/${roomId}/input/add`, {
      kind: 'pull',
      name: 'Nowhere',
      sourceUrl: `http://127.0.0.1:${port}/missing.m3u8`,
    })
    let state: { state: string; error: string } = { state: '', error: '' }
    await eventually(
      async () => {
        const list = (await host.client.get(`${ROOM}room/${roomId}/input/list`)).body.data
        state = list.find((i: { uid: string }) => i.uid === gone.body.data.uid)
        return state.state === 'retrying'
      },
      30_000,
      'the unreachable pull reported',
    )
    expect(state.error).toMatch(/404|not found/i)
    // The good input is still there.
    expect(peers[0]!.feeds().some((f) => f.uid === input.uid)).toBe(true)
  }, 180_000)
})
