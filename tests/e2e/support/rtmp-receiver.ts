import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

/** A free loopback port (nothing listens there once this answers). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

/** What the receiver got: its codecs and the video frames ffprobe decoded. */
export interface Received {
  readonly code: number | null
  readonly codecs: string[]
  readonly frames: number
}

/**
 * A CDN's ingest as a test needs one: ffmpeg listening for one RTMP publisher (`-listen 1`) at
 * `url`, keeping `seconds` of what it receives in a file. `received()` waits for it to end and
 * counts what it holds.
 */
export async function rtmpReceiver(seconds: number) {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-e2e-cdn-'))
  const file = join(dir, 'received.flv')
  const url = `rtmp://127.0.0.1:${port}/live/cdn-secret-key`
  const ffmpeg = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-listen', '1', '-i', url],
      ...['-t', String(seconds), '-c', 'copy', '-y', file],
    ],
    { stdio: 'ignore' },
  )
  const exited = new Promise<number | null>((resolve) => ffmpeg.on('exit', resolve))
  return {
    url,
    async received(): Promise<Received> {
      const code = await exited
      const { stdout } = await promisify(execFile)('ffprobe', [
        ...['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_name,nb_read_frames'],
        ...['-of', 'json', file],
      ])
      const streams =
        (
          JSON.parse(stdout) as {
            streams?: { codec_name?: string; nb_read_frames?: string }[]
          }
        ).streams ?? []
      return {
        code,
        codecs: streams.map((s) => s.codec_name ?? '').sort(),
        frames: Number(streams.find((s) => s.codec_name === 'h264')?.nb_read_frames ?? 0),
      }
    },
    stop() {
      ffmpeg.kill('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
