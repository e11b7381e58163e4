import { FfmpegProcess, type FfmpegInstall, type FfmpegLog } from './ffmpeg'
import { SampleReader } from './mixer'
import { sdpFor, type RtpCodecName } from './rtp'

const RECEIVE = [
  ...['-protocol_whitelist', 'pipe,udp,rtp', '-fflags', 'nobuffer', '-flags', 'low_delay'],
  // A small socket buffer (the kernel doubles it: about 40 Opus packets, under a second): a
  // decoder that a busy machine leaves behind loses sound rather than queue it and fall ever
  // further behind the picture and real time.
  ...['-buffer_size', '16384'],
  // Half a second of probing is plenty for one known stream (five by default).
  ...['-analyzeduration', '500000'],
]
const RESTART_MS = [250, 1000, 2000, 5000]

/**
 * One ffmpeg that receives an RTP stream Janus forwards to a loopback port and decodes it, kept
 * running while the input is wanted: when it ends by itself (no packets for 10 s: a camera off,
 * a muted stream; or an error) it is started again after a short pause. By default ffmpeg
 * receives the RTP itself (told where by an SDP on its stdin); a subclass may feed it instead.
 */
export abstract class RtpDecoder {
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

  /** ffmpeg's input: the RTP stream the SDP on stdin describes. */
  protected inputArgs(): string[] {
    return [...RECEIVE, '-f', 'sdp', '-i', 'pipe:0']
  }

  /** The decoder is started: tell it where its stream is. */
  protected begin(process: FfmpegProcess): void {
    process.stdin?.end(sdpFor(this.codec, this.port))
  }

  /** ffmpeg's log level and a reader of its lines (defaults: warnings only, kept as its tail). */
  protected logOptions(): { loglevel?: string; onLine?: (line: string) => unknown } {
    return {}
  }

  /** The running decoder's process id (tests stop it to play a starved machine). */
  get pid(): number | undefined {
    return this.process?.child.pid
  }

  /** Something to do each time a decoder starts: ask the publisher for a key frame. */
  onStart: () => void = () => undefined

  protected start(): void {
    if (this.closed) return
    this.starts++
    const process = new FfmpegProcess(
      this.ffmpeg.ffmpeg,
      [...this.inputArgs(), ...this.outputArgs(), 'pipe:1'],
      { name: this.name, ...this.logOptions() },
    )
    this.process = process
    this.begin(process)
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
