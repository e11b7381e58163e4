import { FfmpegProcess, type FfmpegInstall, type FfmpegLog } from './ffmpeg'
import { SampleReader } from './mixer'
import { sdpFor, type RtpCodecName } from './rtp'
import { YuvFrame } from './yuv'

/** How a picture goes into its place: cropped to fill it (cameras), or whole (a share). */
export type Fit = 'cover' | 'contain'

const RECEIVE = [
  ...['-protocol_whitelist', 'pipe,udp,rtp', '-fflags', 'nobuffer', '-flags', 'low_delay'],
  // A larger socket buffer: a busy machine may not read for a while, and a lost packet of a key
  // frame costs the picture until the next one.
  ...['-buffer_size', '2097152'],
  // Half a second of probing is plenty for one known stream (five by default).
  ...['-analyzeduration', '500000'],
]
const RESTART_MS = [250, 1000, 2000, 5000]

/**
 * One ffmpeg that receives an RTP stream Janus forwards to a loopback port and decodes it, kept
 * running while the input is wanted: when it ends by itself (no packets for 10 s: a camera off,
 * a muted stream; or an error) it is started again after a short pause.
 */
abstract class RtpDecoder {
  protected process: FfmpegProcess | undefined
  private closed = false
  private failures = 0
  private timer: ReturnType<typeof setTimeout> | undefined
  /** Decoders started so far (the first and every restart). */
  starts = 0

  protected constructor(
    protected readonly ffmpeg: FfmpegInstall,
    readonly port: number,
    private readonly codec: RtpCodecName,
    protected readonly log: FfmpegLog,
    readonly name: string,
  ) {}

  protected abstract outputArgs(): string[]
  protected abstract received(chunk: Buffer): void

  /** Something to do each time a decoder starts: ask the publisher for a key frame. */
  onStart: () => void = () => undefined

  protected start(): void {
    if (this.closed) return
    this.starts++
    const process = new FfmpegProcess(
      this.ffmpeg.ffmpeg,
      [...RECEIVE, '-f', 'sdp', '-i', 'pipe:0', ...this.outputArgs(), 'pipe:1'],
      { name: this.name },
    )
    this.process = process
    process.stdin?.end(sdpFor(this.codec, this.port))
    let got = false
    process.stdout?.on('data', (chunk: Buffer) => {
      if (!got) {
        got = true
        this.failures = 0
      }
      this.received(chunk)
    })
    void process.exited.then((exit) => {
      if (this.process !== process || this.closed || exit.stopped) return
      this.process = undefined
      const delay = RESTART_MS[Math.min(this.failures++, RESTART_MS.length - 1)]!
      if (!got && exit.code !== 0 && !/does not contain any stream/.test(exit.tail))
        this.log.warn(`${this.name}: decoder failed: ${exit.tail}`)
      this.timer = setTimeout(() => this.start(), delay)
    })
    this.onStart()
  }

  /** Replaces the running decoder (new output settings); the port is freed before it binds again. */
  protected async restart(): Promise<void> {
    const old = this.process
    this.process = undefined
    if (this.timer) clearTimeout(this.timer)
    await old?.stop()
    this.start()
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
    const process = this.process
    this.process = undefined
    await process?.stop()
  }
}

/** A forwarded camera or screen, decoded to pictures of the size its place needs. */
export class VideoInput extends RtpDecoder {
  private width = 0
  private height = 0
  private pending: Buffer[] = []
  private pendingBytes = 0
  /** The last whole picture, at the current size. */
  latest: YuvFrame | undefined
  frames = 0

  constructor(
    ffmpeg: FfmpegInstall,
    port: number,
    private fit: Fit,
    log: FfmpegLog,
    name: string,
  ) {
    super(ffmpeg, port, 'vp8', log, name)
  }

  /** Sets the place's size (and fit); a change restarts the decoder at the new size. */
  async place(width: number, height: number, fit: Fit = this.fit): Promise<void> {
    if (width === this.width && height === this.height && fit === this.fit && this.process) return
    const first = this.width === 0
    this.width = width
    this.height = height
    this.fit = fit
    this.pending = []
    this.pendingBytes = 0
    if (first) this.start()
    else await this.restart()
  }

  protected outputArgs(): string[] {
    const { width: w, height: h } = this
    const scale =
      this.fit === 'cover'
        ? `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h}`
        : `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2`
    return ['-an', '-vf', `${scale},setsar=1`, '-f', 'rawvideo', '-pix_fmt', 'yuv420p']
  }

  protected received(chunk: Buffer): void {
    const size = YuvFrame.bytes(this.width, this.height)
    this.pending.push(chunk)
    this.pendingBytes += chunk.length
    if (this.pendingBytes < size) return
    let all = Buffer.concat(this.pending, this.pendingBytes)
    while (all.length >= size) {
      // Only the newest whole picture matters; older ones in the same read are skipped.
      const count = Math.floor(all.length / size)
      const start = (count - 1) * size
      this.latest = new YuvFrame(
        this.width,
        this.height,
        Buffer.from(all.subarray(start, start + size)),
      )
      this.frames += count
      all = all.subarray(count * size)
    }
    this.pending = all.length ? [all] : []
    this.pendingBytes = all.length
  }
}

/** A forwarded microphone, decoded to 48 kHz mono samples for the mix. */
export class AudioInput extends RtpDecoder {
  private readonly reader = new SampleReader()

  constructor(
    ffmpeg: FfmpegInstall,
    port: number,
    log: FfmpegLog,
    name: string,
    private readonly samples: (pcm: Int16Array) => void,
  ) {
    super(ffmpeg, port, 'opus', log, name)
    this.start()
  }

  protected outputArgs(): string[] {
    return ['-vn', '-af', 'aresample=async=1000', '-ar', '48000', '-ac', '1', '-f', 's16le']
  }

  protected received(chunk: Buffer): void {
    this.samples(this.reader.read(chunk))
  }
}
