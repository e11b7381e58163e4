import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { FfmpegProcess, type FfmpegExit, type FfmpegInstall, type FfmpegLog } from './ffmpeg'
import type { ProgramOutput } from './program'

/** An output held back this much (a slow disk, a slow CDN) is dropped and started again. */
const MAX_BACKLOG = 16 * 1024 * 1024
/** An ffmpeg that has run this long is well: its failures before are forgotten. */
const STABLE_MS = 10_000

export type SinkState =
  | { readonly kind: 'starting' }
  | { readonly kind: 'running' }
  | { readonly kind: 'retrying'; readonly reason: string; readonly attempt: number }
  | { readonly kind: 'ended' }

/**
 * One ffmpeg that copies the program's MPEG-TS stream somewhere (no second encode). It is started
 * again when it fails, after a pause that grows while it keeps failing, and when the encoder
 * restarts (a new stream). `end()` lets it finish its output properly (a playlist's end).
 */
export abstract class Sink implements ProgramOutput {
  private process: FfmpegProcess | undefined
  private timer: ReturnType<typeof setTimeout> | undefined
  private stable: ReturnType<typeof setTimeout> | undefined
  private ending = false
  private failures = 0
  /** Started before (a restart appends to what the first one wrote). */
  protected generation = 0
  /** How long `end()` lets ffmpeg write what it holds before it is stopped by force. */
  protected endGraceMs = 5000
  state: SinkState = { kind: 'starting' }
  onState: (state: SinkState) => void = () => undefined

  constructor(
    protected readonly ffmpeg: FfmpegInstall,
    protected readonly log: FfmpegLog,
    readonly name: string,
    private readonly retryMs: readonly number[] = [500, 2000, 5000, 10_000],
  ) {}

  /** ffmpeg's options after the input (`-f mpegts -i pipe:0`). */
  protected abstract outputArgs(): string[]

  /** ffmpeg's options for reading the program (before `-i pipe:0`). */
  protected inputArgs(): string[] {
    return ['-f', 'mpegts']
  }

  /** A line from ffmpeg that says the output is really up (an RTMP connection); none: at start. */
  protected upLine(_line: string): boolean {
    return false
  }

  protected get waitsForUp(): boolean {
    return false
  }

  /** Texts of the output's address that ffmpeg's lines must not repeat (logs, the host's view). */
  protected get secrets(): string[] {
    return []
  }

  /** A new ffmpeg has started (its stdout is the output's to read, for one that writes there). */
  protected started(_process: FfmpegProcess): void {}

  start(): void {
    if (this.ending || this.process) return
    const process = new FfmpegProcess(
      this.ffmpeg.ffmpeg,
      [...this.inputArgs(), '-i', 'pipe:0', ...this.outputArgs()],
      {
        name: this.name,
        loglevel: this.waitsForUp ? 'info' : 'warning',
        secrets: this.secrets,
        onLine: (line) => {
          if (this.process === process && this.state.kind !== 'running' && this.upLine(line))
            this.up()
        },
      },
    )
    this.process = process
    this.generation++
    this.started(process)
    this.setState({ kind: 'starting' })
    if (!this.waitsForUp) this.up()
    void process.exited.then((exit) => this.exited(process, exit))
  }

  /**
   * The output is up. Its failures are forgotten only once it has stayed up a while: one that
   * dies again and again (a disk that cannot be written) reaches its third attempt and is reported.
   */
  private up(): void {
    clearTimeout(this.stable)
    this.stable = setTimeout(() => (this.failures = 0), STABLE_MS)
    this.setState({ kind: 'running' })
  }

  private exited(process: FfmpegProcess, exit: FfmpegExit): void {
    if (this.process !== process) return
    this.process = undefined
    clearTimeout(this.stable)
    if (this.ending || exit.stopped) {
      this.setState({ kind: 'ended' })
      return
    }
    const reason = reasonOf(exit)
    const attempt = ++this.failures
    this.log.warn(`${this.name}: ${reason}; trying again`)
    this.setState({ kind: 'retrying', reason, attempt })
    const delay = this.retryMs[Math.min(attempt - 1, this.retryMs.length - 1)]!
    this.timer = setTimeout(() => this.start(), delay)
  }

  private setState(state: SinkState): void {
    this.state = state
    this.onState(state)
  }

  write(chunk: Buffer): void {
    const stdin = this.process?.stdin
    if (!stdin || !this.process?.running) return
    if (stdin.writableLength > MAX_BACKLOG) {
      this.log.warn(`${this.name}: cannot keep up; starting it again`)
      void this.process.stop().then(() => undefined)
      return
    }
    stdin.write(chunk)
  }

  restarted(): void {
    const process = this.process
    if (!process) return
    this.process = undefined
    void process.stop(true, 2000).then(() => this.start())
  }

  /** Lets ffmpeg finish (closing its input) and waits for it. */
  async end(): Promise<void> {
    this.ending = true
    if (this.timer) clearTimeout(this.timer)
    clearTimeout(this.stable)
    const process = this.process
    if (process) await process.stop(true, this.endGraceMs)
    this.process = undefined
    this.setState({ kind: 'ended' })
  }
}

/** What ffmpeg's last words say went wrong, in one line. */
export function reasonOf(exit: FfmpegExit): string {
  const lines = exit.tail.split('\n').filter((l) => !/^\s*(Last message repeated|frame=)/.test(l))
  const line = lines.find((l) => /refused|timed out|not found|denied|error|failed|invalid/i.test(l))
  return (line ?? lines.at(-1) ?? `ffmpeg exited (${exit.signal ?? exit.code})`).replace(
    /^\[[^\]]+\]\s*/,
    '',
  )
}

/** The options of an HLS writer (the live stream's short window, or a recording's whole list). */
export interface HlsOptions {
  readonly dir: string
  /** Seconds a segment lasts (cut at the one-second key frames). */
  readonly segmentSeconds: number
  /** Segments the playlist lists (0: all, for a recording). */
  readonly listSize: number
  /**
   * Number segments from the clock's seconds, so no name is ever used twice (a live stream's
   * segments may be cached by name).
   */
  readonly epochNumbers?: boolean
}

/**
 * HLS from the program: segments and a playlist in `dir`. Segments are written under a temporary
 * name and renamed when complete, so the playlist only ever lists whole ones; a restart appends to
 * the playlist after a discontinuity. A live window deletes old segments; a recording keeps all.
 */
export class HlsSink extends Sink {
  constructor(
    ffmpeg: FfmpegInstall,
    log: FfmpegLog,
    name: string,
    readonly options: HlsOptions,
  ) {
    super(ffmpeg, log, name)
    mkdirSync(options.dir, { recursive: true })
  }

  get playlist(): string {
    return join(this.options.dir, 'index.m3u8')
  }

  protected outputArgs(): string[] {
    const { dir, segmentSeconds, listSize } = this.options
    const flags = ['temp_file', 'independent_segments', 'append_list']
    if (this.generation > 0) flags.push('discont_start')
    if (listSize > 0) flags.push('delete_segments')
    return [
      ...['-c', 'copy', '-f', 'hls', '-hls_time', String(segmentSeconds)],
      ...['-hls_list_size', String(listSize), '-hls_flags', flags.join('+')],
      ...(listSize === 0 ? ['-hls_playlist_type', 'event'] : ['-hls_delete_threshold', '4']),
      ...(this.options.epochNumbers ? ['-hls_start_number_source', 'epoch'] : []),
      ...['-hls_segment_filename', join(dir, 'seg%05d.ts'), this.playlist],
    ]
  }
}

/** An RTMP push of the program to a streaming URL (a CDN's ingest): it copies, no re-encode. */
export class RtmpSink extends Sink {
  constructor(
    ffmpeg: FfmpegInstall,
    log: FfmpegLog,
    name: string,
    readonly url: string,
    /** The program's audio track it carries, read at each start (0 the room's own). */
    private readonly track: () => number = () => 0,
  ) {
    super(ffmpeg, log, name, [2000, 5000, 10_000, 30_000])
  }

  protected override get waitsForUp(): boolean {
    return true
  }

  /** The stream key: the URL's last part, as secret as a password. */
  protected override get secrets(): string[] {
    return [streamKeyOf(this.url)]
  }

  /** ffmpeg names its output once the connection is made and the stream published. */
  protected override upLine(line: string): boolean {
    return line.startsWith('Output #0, flv')
  }

  protected outputArgs(): string[] {
    return [
      ...['-map', '0:v:0', '-map', `0:a:${this.track()}`],
      '-c',
      'copy',
      '-f',
      'flv',
      '-flvflags',
      'no_duration_filesize',
      '-rw_timeout',
      '10000000',
      this.url,
    ]
  }
}

/** A push URL's stream key (what follows its last slash; a short one is not worth hiding). */
export function streamKeyOf(url: string): string {
  const key = url.slice(url.lastIndexOf('/') + 1)
  return key.length >= 4 ? key : ''
}
