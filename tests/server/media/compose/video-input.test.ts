import { spawnSync } from 'node:child_process'
import { createSocket } from 'node:dgram'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locateFfmpeg, type FfmpegInstall } from '../../../../src/server/media/compose/ffmpeg'
import { LIVE_GATE } from '../../../../src/server/media/compose/live-gate'
import { freeRtpPort } from '../../../../src/server/media/compose/rtp'
import { VideoInput } from '../../../../src/server/media/compose/video-input'
import { barsOfPicture, readClock } from '../../../bench/live-clock'
import { until } from '../werift-peer'
import { quiet } from './stage'

const FPS = 15
const FRAMES = 165
/** The decoder is stopped (SIGSTOP, a machine too busy to run it) after this frame is sent… */
const STOP_AT = 45
/** …and goes on after this one: 3 s of the camera meanwhile. */
const GO_AT = 90
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The frames of an IVF file (after its 32-byte header). */
function ivfFrames(file: Buffer): Buffer[] {
  const frames: Buffer[] = []
  for (let at = 32; at + 12 <= file.length;) {
    const size = file.readUInt32LE(at)
    frames.push(file.subarray(at + 12, at + 12 + size))
    at += 12 + size
  }
  return frames
}

/** The RTP packets of one VP8 frame (RFC 7741), as Janus forwards them. */
function packetsOf(frame: Buffer, seq: number, timestamp: number): Buffer[] {
  const out: Buffer[] = []
  for (let at = 0; at < frame.length; at += 1100) {
    const header = Buffer.alloc(13)
    header[0] = 0x80
    header[1] = 96 | (at + 1100 >= frame.length ? 0x80 : 0)
    header.writeUInt16BE((seq + out.length) & 0xffff, 2)
    header.writeUInt32BE(timestamp >>> 0, 4)
    header.writeUInt32BE(4321, 8)
    header[12] = at === 0 ? 0x10 : 0
    out.push(Buffer.concat([header, frame.subarray(at, at + 1100)]))
  }
  return out
}

describe('a camera decoded for the live picture', () => {
  let ffmpeg: FfmpegInstall
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-video-input-'))
  let frames: Buffer[] = []

  beforeAll(() => {
    const found = locateFfmpeg()
    if ('missing' in found) throw new Error(found.missing)
    ffmpeg = found.install
    // A camera whose every frame shows its own number as 16 bars (as bench:live's clock does),
    // VP8 with a key frame a second, as a browser's camera sends it.
    const file = join(dir, 'camera.ivf')
    const made = spawnSync(ffmpeg.ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', `color=c=black:s=240x180:r=${FPS}`, '-frames:v', String(FRAMES)],
      ...['-vf', "geq=lum='if(bitand(N,pow(2,floor(X/15))),235,16)':cb=128:cr=128"],
      ...['-c:v', 'libvpx', '-b:v', '600k', '-g', String(FPS), '-keyint_min', String(FPS)],
      ...['-auto-alt-ref', '0', '-lag-in-frames', '0', '-f', 'ivf', file],
    ])
    if (made.status !== 0) throw new Error(made.stderr.toString())
    frames = ivfFrames(readFileSync(file))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('drops what arrives while its decoder is stalled, instead of decoding it late', async () => {
    const port = await freeRtpPort()
    const shown: number[] = []
    class Watched extends VideoInput {
      protected override received(chunk: Buffer): void {
        const before = this.frames
        super.received(chunk)
        const number = this.latest && readClock(barsOfPicture(this.latest))
        if (this.frames > before && number !== undefined) shown.push(number)
      }
    }
    const input = new Watched(ffmpeg, port, 'cover', quiet, 'camera')
    const socket = createSocket('udp4')
    try {
      await input.place(240, 180, 'cover')
      expect(frames).toHaveLength(FRAMES)
      let seq = 0
      let stalled: number | undefined
      for (let n = 0; n < FRAMES; n++) {
        for (const packet of packetsOf(frames[n]!, seq, n * (90_000 / FPS))) {
          socket.send(packet, port, '127.0.0.1')
          seq++
        }
        if (n === 0) await until(() => input.pid !== undefined, 30_000, 'the decoder')
        if (n === STOP_AT) {
          // The camera has been decoded so far.
          await until(() => shown.length > 0, 30_000, 'a first picture')
          stalled = input.pid!
          process.kill(stalled, 'SIGSTOP')
        }
        if (n === GO_AT) process.kill(stalled!, 'SIGCONT')
        // Never faster than the camera, however late a timer fires.
        await sleep(1000 / FPS)
      }
      await until(() => shown.some((n) => n >= GO_AT), 30_000, 'pictures after the stall')
      expect(input.pid).toBe(stalled)
      // What arrived while the decoder was stopped, beyond the few frames it holds and the
      // gate's wait, was never decoded; the picture went on from a key frame after the stall.
      const waited = Math.ceil((LIVE_GATE.maxWaitMs / 1000) * FPS)
      const late = shown.filter((n) => n > STOP_AT + LIVE_GATE.window && n < GO_AT - waited)
      expect(late).toEqual([])
      expect(input.gate.dropped).toBeGreaterThan(GO_AT - STOP_AT - 2 * FPS)
      const after = shown.filter((n) => n >= GO_AT)
      expect(after.length).toBeGreaterThan(0)
    } finally {
      socket.close()
      const pid = input.pid
      if (pid) process.kill(pid, 'SIGCONT')
      await input.close()
    }
  }, 120_000)
})
