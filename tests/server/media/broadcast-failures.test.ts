import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ffprobe } from '../../../src/server/media/compose/ffmpeg'
import { meeting, ROOM, RtmClient, startServer, type TestServer } from '../harness'
import { publishPattern } from './compose/stage'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Polls `check` until it holds. A read that fails counts as "not yet": this test kills the
 * writers of the files it polls, so a playlist read can meet a connection closed mid-answer (as
 * a player would, it reads again). The last failure is named if time runs out.
 */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms
  let failure: unknown
  for (;;) {
    try {
      if (await check()) return
    } catch (error) {
      failure = error
    }
    if (Date.now() > end)
      throw new Error(
        `timed out waiting for ${what}${failure ? ` (last read: ${String(failure)})` : ''}`,
      )
    await sleep(500)
  }
}

/** The ffmpeg processes this test's server started whose command line has `needle`. */
function ffmpegsWith(needle: string): number[] {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
  return out
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .filter((m) => Number(m[2]) === process.pid && m[3]!.includes('ffmpeg'))
    .filter((m) => m[3]!.includes(needle))
    .map((m) => Number(m[1]))
}

/** Kills (SIGKILL, as a crash) the one ffmpeg of ours with `needle`; answers its pid. */
function crash(needle: string): number {
  const [pid, ...more] = ffmpegsWith(needle)
  if (pid === undefined || more.length > 0) throw new Error(`not one ffmpeg with ${needle}`)
  process.kill(pid, 'SIGKILL')
  return pid
}

/** A read done again until it answers (see `until`). */
async function read<T>(get: () => Promise<T>, what: string): Promise<T> {
  let value: T | undefined
  await until(
    async () => {
      value = await get()
      return true
    },
    30_000,
    what,
  )
  return value as T
}

/** The newest segment number a live playlist lists (they grow while the program runs). */
async function newestSegment(url: string): Promise<number> {
  const text = await (await fetch(url)).text()
  return Math.max(0, ...[...text.matchAll(/s(\d+)\.m4s/g)].map((m) => Number(m[1])))
}

describe('ffmpeg dying in the middle of a live and a recording', () => {
  let server: TestServer
  const cleanup: (() => Promise<unknown>)[] = []

  beforeAll(async () => {
    server = await startServer({ settings: { media: 'sfu', presenceGraceMs: 600_000 } })
  }, 300_000)

  afterAll(async () => {
    for (const undo of cleanup.reverse()) await undo().catch(() => undefined)
    await server?.close()
  })

  it('[LIVE-1] [REC-1] [REC-3] the encoder or the HLS writer dies: the live goes on; the recording writer keeps dying: "Recording failed", and what is saved is whole', async () => {
    const room = await meeting(server)
    const { host, guest, roomId } = room
    const { media, deps } = server.app
    const channel = host.room.channelName as string
    const janus = media.serverFor(channel)
    await janus.rooms.ensure(media.roomRef(channel), { publishers: deps.settings.sfuPublishers })
    const camera = await publishPattern(
      janus,
      deps.broadcasts.ffmpegInstall!,
      media.roomRef(channel),
      host.me.uid,
    )
    cleanup.push(camera.stop)
    const rtm = await RtmClient.join(server, guest)
    cleanup.push(async () => rtm.close())

    const uuid = host.room.roomUuid as string
    await host.client.post(`${ROOM}live/${uuid}/liveState/update/v2`, { liveState: 1 })
    const setting = async () =>
      (await guest.client.get(`${ROOM}room/${roomId}/live/setting`)).body.data
    const url = server.url + (await setting()).liveUrl
    await until(async () => (await newestSegment(url)) > 0, 60_000, 'the live stream')
    const started = await host.client.post(`${ROOM}recording/mix/start`, { roomId })
    const recordingId: string = started.body.data.recordingId
    const from = Date.now()

    // The program's encoder crashes: it is started again and the stream goes on.
    let crashedAt = Date.now()
    crash('libx264')
    let before = await read(() => newestSegment(url), 'the playlist')
    await until(
      async () => (await newestSegment(url)) > before + 2,
      60_000,
      'live after the encoder',
    )
    const afterEncoder = Date.now() - crashedAt
    // The live HLS writer crashes (the room's only ffmpeg making fragmented MP4): the same.
    crashedAt = Date.now()
    crash('frag_keyframe')
    before = await read(() => newestSegment(url), 'the playlist')
    await until(
      async () => (await newestSegment(url)) > before + 2,
      60_000,
      'live after the writer',
    )
    // Figures for the faults survived (issue 16): printed, never asserted on time.
    console.log(
      `ffmpeg killed: the live 3 segments on ${afterEncoder} ms after the encoder, ${Date.now() - crashedAt} ms after the HLS writer`,
    )
    expect(await setting()).toMatchObject({ liveState: 1, liveOpen: 1 })

    // The recording's writer dies again and again: the room's recording state turns abnormal
    // ('Recording failed' for the host, [REC-1]), and the meeting goes on.
    for (let attempt = 1; attempt <= 3; attempt++) {
      await until(async () => ffmpegsWith(recordingId).length === 1, 30_000, 'the recorder')
      crash(recordingId)
      await sleep(200)
    }
    const failed = await rtm.message(30, (m) => m.data.recordingState === 2, 30_000)
    expect(failed.from).toBe('server')
    expect((await guest.client.get(`${ROOM}room/${roomId}`)).body.code).toBe(0)

    // Stopped: what reached the disk is saved as whole segments, one MP4 that plays.
    await sleep(Math.max(0, from + 16_000 - Date.now()))
    const stopped = await host.client.post(`${ROOM}recording/mix/stop`, { roomId })
    expect(stopped.body.code).toBe(0)
    let saved: { status: number; duration: number } = { status: 0, duration: 0 }
    await until(
      async () => {
        const list = (await host.client.get(`${ROOM}recording/all/list?roomId=${roomId}`)).body
        saved = list.data.find((r: { recordingId: string }) => r.recordingId === recordingId)
        return saved.status === 4 || saved.status === 1
      },
      90_000,
      'the recording finished',
    )
    expect(saved.status).toBe(4)
    const dir = deps.broadcasts.recordingDir(recordingId)
    expect(readdirSync(dir)).toEqual(['recording.mp4'])
    const probe = await ffprobe(deps.broadcasts.ffmpegInstall!, `${dir}/recording.mp4`)
    expect(Number(probe.format?.duration)).toBeGreaterThan(0)
    expect(Math.abs(Number(probe.format?.duration) - saved.duration)).toBeLessThan(1.5)
    expect(existsSync(`${dir}/recording.mp4.part`)).toBe(false)

    // The live is still on and ends cleanly.
    const ended = await host.client.post(`${ROOM}live/${uuid}/liveState/update/v2`, {
      liveState: 3,
    })
    expect(ended.body.data.liveState).toBe(3)
    expect(await (await fetch(url)).text()).toContain('#EXT-X-ENDLIST')
  }, 300_000)
})
