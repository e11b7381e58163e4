import { createSocket, type Socket } from 'node:dgram'
import type { FfmpegInstall, FfmpegLog, FfmpegProcess } from './ffmpeg'
import { RtpDecoder } from './inputs'
import { LIVE_GATE, LiveGate, type GateLimits } from './live-gate'
import { ivfFrame, ivfHeader, RtpReorder, Vp8Assembler, type Vp8Frame } from './vp8-frames'
import { YuvFrame } from './yuv'

/** How a picture goes into its place: cropped to fill it (cameras), or whole (a share). */
export type Fit = 'cover' | 'contain'

/**
 * The decoder reads the frames we hand it as IVF on its stdin: one thread (no frame of delay
 * between its input and its output), and no probing beyond the first frame.
 */
const INPUT = [
  ...['-f', 'ivf', '-flags', 'low_delay', '-threads', '1'],
  ...['-probesize', '32', '-analyzeduration', '0', '-i', 'pipe:0'],
]
/** showinfo's line for each frame that leaves the filters: its number is the IVF pts we gave. */
const SHOWN = /\bn:\s*\d+\s+pts:\s*(\d+)\b/
/** A key frame is asked for at most this often (a browser answers each; ffmpeg senders do not). */
const KEYFRAME_ASK_MS = 1000

/**
 * A forwarded camera or screen, decoded to pictures of the size its place needs. Janus forwards
 * its RTP to our own socket, not to ffmpeg's: we put the VP8 frames together and hand them to the
 * decoder through a `LiveGate`, which drops late frames rather than let them queue (ffmpeg's
 * socket buffer held a minute of a small camera on a busy machine, and the picture fell ever
 * further behind). The decoder reports each frame it has put out (showinfo), so the gate knows
 * how far behind it is.
 */
export class VideoInput extends RtpDecoder {
  private width = 0
  private height = 0
  private pending: Buffer[] = []
  private pendingBytes = 0
  private readonly socket: Socket
  /** Where Janus sends its RTCP reports for the forward (read and ignored). */
  private readonly rtcp: Socket
  private readonly reorder = new RtpReorder()
  private readonly assembler = new Vp8Assembler()
  readonly gate: LiveGate
  private headerWritten = false
  private lastAsk = -Infinity
  private decoder: object = {}
  /** The last whole picture, at the current size. */
  latest: YuvFrame | undefined
  frames = 0
  /** Asks the publisher for a key frame (a PLI through Janus). */
  onKeyframe: () => void = () => undefined

  constructor(
    ffmpeg: FfmpegInstall,
    port: number,
    private fit: Fit,
    log: FfmpegLog,
    name: string,
    limits: GateLimits = LIVE_GATE,
  ) {
    super(ffmpeg, port, 'vp8', log, name)
    this.gate = new LiveGate(
      { write: (frame, pts) => this.feed(frame, pts), wantKeyframe: () => this.askKeyframe() },
      limits,
    )
    const socket = (this.socket = createSocket('udp4'))
    socket.on('error', (error) => log.warn(`${name}: ${error.message}`))
    socket.on('message', (packet) => this.packet(packet))
    socket.bind(port, '127.0.0.1')
    const rtcp = (this.rtcp = createSocket('udp4'))
    rtcp.on('error', () => undefined)
    rtcp.on('message', () => undefined)
    rtcp.bind(port + 1, '127.0.0.1')
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

  protected override inputArgs(): string[] {
    return INPUT
  }

  protected override begin(): void {
    this.headerWritten = false
    this.gate.reset()
    this.askKeyframe(true)
  }

  protected override logOptions() {
    // Once per decoder started: a decoder being replaced may still have lines on their way.
    const decoder = (this.decoder = {})
    return {
      loglevel: 'info',
      onLine: (line: string) => {
        const shown = SHOWN.exec(line)
        if (shown && this.decoder === decoder) this.gate.decoded(Number(shown[1]), Date.now())
        return shown !== null
      },
    }
  }

  protected outputArgs(): string[] {
    const { width: w, height: h } = this
    const scale =
      this.fit === 'cover'
        ? `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h}`
        : `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2`
    return [
      ...['-an', '-vf', `${scale},setsar=1,showinfo=checksum=0`, '-fps_mode', 'passthrough'],
      ...['-f', 'rawvideo', '-pix_fmt', 'yuv420p'],
    ]
  }

  private packet(packet: Buffer): void {
    // Nothing to decode into yet (not placed, or between two decoders): the next starts anew.
    if (!this.process) return
    for (const inOrder of this.reorder.push(packet)) {
      const step = this.assembler.push(inOrder)
      if (step?.lost) this.gate.lost()
      if (step?.frame) this.gate.push(step.frame, Date.now())
    }
  }

  /** The gate lets a frame into the decoder: IVF on its stdin (after the header, at its start). */
  private feed(frame: Vp8Frame, pts: number): void {
    const process: FfmpegProcess | undefined = this.process
    const stdin = process?.running ? process.stdin : null
    if (!stdin) return
    if (!this.headerWritten) {
      stdin.write(ivfHeader(frame.width || this.width, frame.height || this.height))
      this.headerWritten = true
    }
    stdin.write(ivfFrame(frame.data, pts))
  }

  private askKeyframe(now = false): void {
    const time = Date.now()
    if (!now && time - this.lastAsk < KEYFRAME_ASK_MS) return
    this.lastAsk = time
    this.onKeyframe()
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

  override async close(): Promise<void> {
    await super.close()
    this.socket.close()
    this.rtcp.close()
  }
}
