import { spawnSync } from 'node:child_process'
import { locateFfmpeg, type FfmpegInstall } from '../../../../src/server/media/compose/ffmpeg'
import { fragmentArgs } from '../../../../src/server/media/compose/live-sink'
import { ENCODING } from '../../../../src/server/media/compose/program'

export function ffmpegInstall(): FfmpegInstall {
  const found = locateFfmpeg()
  if ('missing' in found) throw new Error(found.missing)
  return found.install
}

/**
 * Real output of the live stream's ffmpeg: `seconds` of a test pattern and a tone, encoded as the
 * program encodes (H.264 with a key frame every `ENCODING.gopFrames`, AAC) into MPEG-TS, then
 * copied into fragmented MP4 with the live sink's own options.
 */
export function fragmentedSample(install: FfmpegInstall, seconds = 4): Buffer {
  const { fps, gopFrames } = ENCODING
  const ts = spawnSync(
    install.ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=${fps}`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds)],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
      ...['-g', String(gopFrames), '-keyint_min', String(gopFrames), '-sc_threshold', '0'],
      ...['-x264-params', 'repeat-headers=1', '-c:a', 'aac', '-ar', '48000', '-ac', '2'],
      ...['-f', 'mpegts', 'pipe:1'],
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  )
  if (ts.status !== 0) throw new Error(`the sample did not encode: ${String(ts.stderr)}`)
  const mp4 = spawnSync(
    install.ffmpeg,
    ['-hide_banner', '-loglevel', 'error', '-f', 'mpegts', '-i', 'pipe:0', ...fragmentArgs(0)],
    { input: ts.stdout, maxBuffer: 64 * 1024 * 1024 },
  )
  if (mp4.status !== 0) throw new Error(`the sample did not remux: ${String(mp4.stderr)}`)
  return mp4.stdout
}
