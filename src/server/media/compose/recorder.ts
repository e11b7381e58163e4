import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { ffprobe, FfmpegProcess, type FfmpegInstall, type FfmpegLog } from './ffmpeg'
import { HlsSink } from './sinks'

/** A recording's segments are this long (four key frames). */
export const RECORDING_SEGMENT_SECONDS = 4

/** The files of a recording in its folder. */
export const recordingFiles = (dir: string) => ({
  playlist: join(dir, 'index.m3u8'),
  video: join(dir, 'recording.mp4'),
  partial: join(dir, 'recording.mp4.part'),
})

/**
 * A recording while it runs: the program's stream written as HLS segments, each complete on disk
 * before the playlist names it. When the server dies in the middle, the playlist holds everything
 * up to the last whole segment: the recording is playable up to the crash (see `finishRecording`).
 */
export class RecordingSink extends HlsSink {
  constructor(
    ffmpeg: FfmpegInstall,
    log: FfmpegLog,
    recordingId: string,
    dir: string,
    readonly roomId: string,
  ) {
    super(ffmpeg, log, `recording ${recordingId}`, {
      dir,
      segmentSeconds: RECORDING_SEGMENT_SECONDS,
      listSize: 0,
    })
    // A recording's last seconds matter more than a quick stop: a busy machine gets its time.
    this.endGraceMs = 30_000
  }
}

/** A finished recording: one MP4 file, its length and size. */
export interface FinishedRecording {
  readonly path: string
  readonly durationMs: number
  readonly size: number
}

/** How many segments the playlist names (a recording with none has nothing to keep). */
export function segmentCount(playlist: string): number {
  if (!existsSync(playlist)) return 0
  return readFileSync(playlist, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#')).length
}

/**
 * Turns a recording's segments into one MP4 for playback and download (no re-encode: the
 * streams are copied; the index goes first so a player can start before the whole file is
 * there). The MP4 is written under a temporary name and renamed when whole, so a half-written
 * file is never taken for the recording; the segments go once it is. Answers undefined when
 * there is nothing recorded.
 */
export async function finishRecording(
  ffmpeg: FfmpegInstall,
  log: FfmpegLog,
  dir: string,
): Promise<FinishedRecording | undefined> {
  const files = recordingFiles(dir)
  if (existsSync(files.video)) return measure(ffmpeg, files.video)
  if (segmentCount(files.playlist) === 0) return undefined
  closePlaylist(files.playlist)
  rmSync(files.partial, { force: true })
  const remux = new FfmpegProcess(
    ffmpeg.ffmpeg,
    [
      ...['-allowed_extensions', 'ALL', '-i', files.playlist],
      ...['-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-bsf:a', 'aac_adtstoasc'],
      ...['-movflags', '+faststart', '-f', 'mp4', '-y', files.partial],
    ],
    { name: `finishing ${dir}`, log, stdin: false },
  )
  const exit = await remux.exited
  if (exit.code !== 0) throw new Error(`the recording could not be finished: ${exit.tail}`)
  renameSync(files.partial, files.video)
  const finished = await measure(ffmpeg, files.video)
  for (const name of readdirSync(dir))
    if (name.endsWith('.ts') || name.endsWith('.tmp') || name.endsWith('.m3u8'))
      rmSync(join(dir, name), { force: true })
  return finished
}

/**
 * Ends a playlist its writer never ended (the server died): every segment it names is whole, and
 * without the end ffmpeg would read it as a live stream and wait for more.
 */
function closePlaylist(playlist: string): void {
  const text = readFileSync(playlist, 'utf8')
  if (!text.includes('#EXT-X-ENDLIST'))
    writeFileSync(playlist, `${text.endsWith('\n') ? text : `${text}\n`}#EXT-X-ENDLIST\n`)
}

async function measure(ffmpeg: FfmpegInstall, path: string): Promise<FinishedRecording> {
  const probe = await ffprobe(ffmpeg, path)
  const seconds = Number(probe.format?.duration ?? 0)
  return { path, durationMs: Math.round(seconds * 1000), size: statSync(path).size }
}
