import type { FfmpegInstall, FfmpegLog, FfmpegProcess } from './ffmpeg'
import { LlHlsWriter } from './ll-hls'
import type { PlaylistShape } from './ll-hls-playlist'
import { ENCODING } from './program'
import { Sink } from './sinks'

/**
 * The live stream's cut: a part is at most 8 frames (0.267 s at 30 fps), and ffmpeg also ends
 * one at every key frame; a segment ends at the first key frame after a second; six segments are
 * listed, the parts of the last three.
 */
export const LIVE_HLS = {
  partFrames: 8,
  segmentSeconds: 1,
  listSize: 6,
  partSegments: 3,
} as const

/**
 * ffmpeg's fragment length (µs). ffmpeg cuts a fragment on the first packet of a track whose time
 * since that track's first in the fragment reaches it, the sound's packets too. So it lies past
 * 7 frames (8 frames start within it) and short of the sound's own cut after 8 frames: 13 AAC
 * frames of 1024 samples at 48 kHz (277 ms) against the picture's 8 frames (267 ms), so the
 * picture always cuts first and every part but the one before a key frame has 8 frames. (At
 * 250 ms the sound cut first, 12 frames in, and parts came as 7, 7 and 1 frames.)
 */
export const fragmentMicros = (): number => {
  const frame = 1e6 / ENCODING.fps
  return Math.round((LIVE_HLS.partFrames - 1) * frame + frame * 0.8)
}

/**
 * The playlist's durations, from the encoder's frame rate and key frames: the part target is
 * `partFrames` frames; a segment is whole key-frame intervals, and the target duration its length
 * rounded. Players stay three part targets behind the edge (PART-HOLD-BACK: at least two, three
 * recommended), others three target durations.
 */
export function liveShape(): PlaylistShape & { segmentSeconds: number; listSize: number } {
  const { fps, gopFrames } = ENCODING
  const { partFrames } = LIVE_HLS
  const partTarget = Math.ceil((partFrames / fps) * 1e5) / 1e5
  const gop = gopFrames / fps
  const segment = Math.ceil(LIVE_HLS.segmentSeconds / gop - 1e-9) * gop
  return {
    partTarget,
    partHoldBack: Number(((3 * partFrames) / fps).toFixed(3)),
    targetDuration: Math.max(1, Math.round(segment)),
    segmentSeconds: LIVE_HLS.segmentSeconds,
    listSize: LIVE_HLS.listSize,
    partSegments: LIVE_HLS.partSegments,
  }
}

/**
 * ffmpeg's options: the program copied (no encode) into fragmented MP4 on its stdout. The `moov`
 * waits for the first fragment (`delay_moov`): written at once, it lacked the sound's
 * AudioSpecificConfig (the ADTS headers become one only with the first packet), and browsers
 * refuse the codec `mp4a.40` without its object type.
 */
export function fragmentArgs(track: number): string[] {
  return [
    ...['-map', '0:v:0', '-map', `0:a:${track}`, '-c', 'copy', '-bsf:a', 'aac_adtstoasc'],
    ...['-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov+delay_moov+default_base_moof'],
    ...['-frag_duration', String(fragmentMicros()), 'pipe:1'],
  ]
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * A live stream under our own origin in low-latency HLS: ffmpeg remuxes the program's MPEG-TS to
 * fragmented MP4 on a pipe, and our part writer (`LlHlsWriter`) makes parts, segments and the
 * playlist of it in `dir`. `track` is the program's audio track it carries (read at each start:
 * an interpreted language's own stream follows its track; 0, the room's own sound). An ffmpeg
 * started again (it died, or the encoder restarted) starts a new stream after a discontinuity.
 */
export class LiveSink extends Sink {
  readonly writer: LlHlsWriter
  private closed: Promise<unknown> = Promise.resolve()

  constructor(
    ffmpeg: FfmpegInstall,
    log: FfmpegLog,
    name: string,
    dir: string,
    private readonly track: () => number = () => 0,
  ) {
    super(ffmpeg, log, name)
    this.writer = new LlHlsWriter({ dir, ...liveShape() })
  }

  get playlist(): string {
    return this.writer.playlist
  }

  protected outputArgs(): string[] {
    return fragmentArgs(this.track())
  }

  /**
   * The program's stream is known (H.264 with its headers at every key frame, AAC): a second of
   * it is enough to read, where ffmpeg's default of five held back a new stream's start by as
   * much.
   */
  protected override inputArgs(): string[] {
    return ['-analyzeduration', '1000000', '-f', 'mpegts']
  }

  protected override started(process: FfmpegProcess): void {
    const generation = this.generation
    if (generation > 1) this.writer.restart()
    const out = process.stdout
    if (!out) return
    out.on('data', (chunk: Buffer) => {
      // A stopped ffmpeg's last bytes must not reach the next one's stream.
      if (this.generation === generation) this.writer.write(chunk)
    })
    this.closed = new Promise((resolve) => out.once('close', resolve))
  }

  /** Lets ffmpeg write its last fragment, then closes the playlist (players see the end). */
  override async end(): Promise<void> {
    await super.end()
    await Promise.race([this.closed, sleep(2000)])
    this.writer.end()
  }
}
