import { execFile } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ffprobe, type FfmpegInstall } from '../../../../src/server/media/compose/ffmpeg'
import { LiveSink } from '../../../../src/server/media/compose/live-sink'
import { yuvOf } from '../../../../src/server/media/compose/yuv'
import { until } from '../werift-peer'
import { composeScratch, quiet, sine, tonedProgram } from './scratch'

const RATE = 8000

/**
 * The energy of mono samples within 40 Hz of a frequency (the DFT's bins there): a tone's energy
 * stays in its band even when the encoder's resampling moves its phase a little.
 */
function power(samples: Int16Array, hz: number): number {
  const x = samples.subarray(0, Math.min(samples.length, 2 * RATE))
  const n = x.length
  let energy = 0
  for (let k = Math.ceil(((hz - 40) * n) / RATE); k <= ((hz + 40) * n) / RATE; k++) {
    let re = 0
    let im = 0
    for (let i = 0; i < n; i++) {
      const angle = (2 * Math.PI * k * i) / n
      re += x[i]! * Math.cos(angle)
      im -= x[i]! * Math.sin(angle)
    }
    energy += re * re + im * im
  }
  return energy
}

/** One audio track of an HLS stream, decoded to mono samples at 8 kHz. */
async function track(ffmpeg: FfmpegInstall, playlist: string): Promise<Int16Array> {
  const { stdout } = await promisify(execFile)(
    ffmpeg.ffmpeg,
    ['-v', 'error', '-i', playlist, '-map', '0:a:0', '-ac', '1', '-ar', String(RATE)].concat([
      '-f',
      's16le',
      '-',
    ]),
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  )
  const bytes = stdout as unknown as Buffer
  return new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2))
}

describe('multi-language streams: an interpreter’s own audio track', () => {
  const scratch = composeScratch('languages')
  const { dir, ffmpeg, cleanup } = scratch

  it('[LIVE-1] the room’s stream has the room’s sound without the interpreter; the language’s stream has the interpreter over the room turned down', async () => {
    // The speaker talks at 400 Hz, the English interpreter at 1000 Hz (whole cycles in 20 ms).
    const p = tonedProgram(
      scratch,
      (frame) =>
        frame.fill({ x: 0, y: 0, width: frame.width, height: frame.height }, yuvOf(40, 80, 160)),
      { speaker: sine(400, 8000), interpreter: sine(1000, 8000) },
    )
    const room = new LiveSink(ffmpeg, quiet, 'room', join(dir, 'room'))
    const english = new LiveSink(ffmpeg, quiet, 'english', join(dir, 'en'), () => 1)
    p.mixer.setLanguages([{ inputs: new Set(['interpreter']) }])
    p.setLanguages(['en'])
    for (const sink of [room, english]) {
      p.add(sink)
      sink.start()
      cleanup.push(() => sink.end())
    }
    p.start()
    const segments = (d: string) => readdirSync(join(dir, d)).filter((f) => /^s\d+\.m4s$/.test(f))
    await until(
      () => segments('room').length >= 3 && segments('en').length >= 3,
      30_000,
      'segments of both streams',
    )
    // Ended (their playlists closed), the two streams are read whole.
    await p.stop()
    await Promise.all([room.end(), english.end()])
    // Each stream has its picture and one sound.
    for (const sink of [room, english]) {
      const probe = await ffprobe(ffmpeg, sink.playlist)
      expect(probe.streams?.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264'])
    }
    const own = await track(ffmpeg, room.playlist)
    const translated = await track(ffmpeg, english.playlist)
    expect(own.length).toBeGreaterThan(RATE)
    expect(translated.length).toBeGreaterThan(RATE)
    // The room: the speaker, and no interpreter (far below it).
    expect(power(own, 1000)).toBeLessThan(power(own, 400) / 100)
    // The language: the interpreter, the speaker under it (0.2: 1/25 of the power), not gone.
    const ratio = power(translated, 400) / power(translated, 1000)
    expect(ratio).toBeGreaterThan(1 / 100)
    expect(ratio).toBeLessThan(1 / 10)
  })
})
