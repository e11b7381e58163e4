import { FfmpegProcess, type FfmpegInstall, type FfmpegLog } from './ffmpeg'
import { TsClock } from './ts-clock'
import { CANVAS } from './layout'
import { AudioMixer, CHUNK, SAMPLE_RATE } from './mixer'
import { YuvFrame } from './yuv'

/**
 * The encoder's settings, the ones `npm run bench:live` reports: H.264 (x264 veryfast, tuned for
 * zero latency, a key frame every half second so live segments can be half a second long: a
 * player two segments behind the edge is a second behind, not two) and AAC, in an MPEG-TS stream
 * every output copies from.
 */
export const ENCODING = {
  fps: 30,
  videoKbps: 2500,
  audioKbps: 128,
  gopFrames: 15,
  preset: 'veryfast',
} as const

/** What takes the program's stream: a live HLS writer, a recorder, an RTMP pusher. */
export interface ProgramOutput {
  /** MPEG-TS bytes of the current stream. */
  write(chunk: Buffer): void
  /** The encoder started again (it died): a new stream starts, with new timestamps. */
  restarted(): void
}

/** 20 ms of stereo silence (a language track before its mix is set). */
const SILENCE = Buffer.alloc(CHUNK * 4)

/** Frames that may wait in the encoder's pipe; past that, due frames are skipped. */
const MAX_QUEUED_FRAMES = 2

/**
 * The encoder's options; `languages` interpreted languages add one sound input each (`pipe:4` …)
 * and one audio track each after the room's own (track 0).
 */
export function encoderArgs(width: number, height: number, languages = 0): string[] {
  const { fps, videoKbps, audioKbps, gopFrames, preset } = ENCODING
  const extra = Array.from({ length: languages }, (_, i) => i + 4)
  return [
    // Both inputs are stamped with the time ffmpeg reads them: a frame held back by a busy
    // machine is dropped, not delayed, and sound and picture stay together.
    ...['-use_wallclock_as_timestamps', '1', '-thread_queue_size', '16'],
    ...['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${width}x${height}`],
    ...['-framerate', String(fps), '-i', 'pipe:0'],
    ...['-use_wallclock_as_timestamps', '1', '-thread_queue_size', '64'],
    ...['-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '2', '-i', 'pipe:3'],
    ...extra.flatMap((fd) => [
      ...['-use_wallclock_as_timestamps', '1', '-thread_queue_size', '64'],
      ...['-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '2', '-i', `pipe:${fd}`],
    ]),
    ...['-map', '0:v', '-map', '1:a', ...extra.flatMap((_, i) => ['-map', `${i + 2}:a`])],
    ...['-fps_mode', 'cfr', '-r', String(fps)],
    ...['-af', 'aresample=async=1000:first_pts=0'],
    ...['-c:v', 'libx264', '-preset', preset, '-tune', 'zerolatency', '-profile:v', 'main'],
    ...['-pix_fmt', 'yuv420p', '-b:v', `${videoKbps}k`, '-maxrate', `${videoKbps}k`],
    ...['-bufsize', `${videoKbps}k`, '-g', String(gopFrames), '-keyint_min', String(gopFrames)],
    ...['-sc_threshold', '0', '-x264-params', 'repeat-headers=1'],
    ...['-c:a', 'aac', '-b:a', `${audioKbps}k`, '-ar', String(SAMPLE_RATE), '-ac', '2'],
    ...['-f', 'mpegts', '-muxdelay', '0', '-muxpreload', '0', 'pipe:1'],
  ]
}

/**
 * A room's program: the composed picture and the mixed sound, encoded once and handed to every
 * output. The clock is the wall clock: each tick writes the 20 ms audio chunks that are due and,
 * when a frame is due, the picture as it is now (frames a busy machine could not write in time are
 * skipped; the encoder repeats the last one, so the stream stays at a constant rate and in step
 * with real time). An encoder that dies is started again, and the outputs told.
 */
export class Program {
  readonly mixer = new AudioMixer()
  readonly frame = new YuvFrame(CANVAS.width, CANVAS.height)
  private readonly outputs = new Set<ProgramOutput>()
  private encoder: FfmpegProcess | undefined
  private timer: ReturnType<typeof setInterval> | undefined
  private started = 0
  private videoWritten = 0
  private audioWritten = 0
  private stopped = false
  /** Encoders started (the first and each restart), and frames skipped on a busy machine. */
  encoders = 0
  held = 0
  /** Interpreted languages: sound inputs and audio tracks beyond the room's own. */
  private languages = 0
  /** Those of the running encoder (its extra pipes). */
  private encoderLanguages = 0
  private languageKey = ''
  /** How far the running encoder's output has come, and when its first picture was handed in. */
  private clock = new TsClock()
  private firstFrameAt = 0
  private readonly progress = new Set<() => void>()

  constructor(
    private readonly ffmpeg: FfmpegInstall,
    private readonly log: FfmpegLog,
    /** Draws the current scene into the frame (the studio knows who is where). */
    private readonly draw: (frame: YuvFrame) => void,
    private readonly name = 'program',
  ) {}

  get running(): boolean {
    return this.timer !== undefined
  }

  add(output: ProgramOutput): void {
    this.outputs.add(output)
  }

  remove(output: ProgramOutput): void {
    this.outputs.delete(output)
  }

  start(): void {
    if (this.timer || this.stopped) return
    this.spawn()
    this.timer = setInterval(() => this.tick(), 5)
  }

  private spawn(): void {
    this.encoders++
    const encoder = new FfmpegProcess(
      this.ffmpeg.ffmpeg,
      encoderArgs(this.frame.width, this.frame.height, this.languages),
      {
        name: `${this.name} encoder`,
        extraPipes: 1 + this.languages,
        log: this.log,
      },
    )
    this.encoder = encoder
    this.encoderLanguages = this.languages
    this.started = performance.now()
    this.videoWritten = 0
    this.audioWritten = 0
    const clock = (this.clock = new TsClock())
    this.firstFrameAt = 0
    encoder.stdout?.on('data', (chunk: Buffer) => {
      for (const output of this.outputs) output.write(chunk)
      clock.write(chunk)
      for (const check of this.progress) check()
    })
    void encoder.exited.then(() => {
      if (this.encoder !== encoder || this.stopped) return
      this.log.warn(`${this.name}: the encoder stopped; starting it again`)
      this.spawn()
      for (const output of this.outputs) output.restarted()
    })
  }

  /**
   * The interpreted languages (audio tracks after the room's own, in this order). A change starts
   * the encoder again with its tracks: the outputs follow as after a restart (a new stream), and
   * each takes its language's track again.
   */
  setLanguages(ids: readonly string[]): void {
    const key = ids.join(' ')
    if (key === this.languageKey) return
    this.languageKey = key
    this.languages = ids.length
    const old = this.encoder
    if (!old || this.stopped) return
    this.spawn()
    void old.stop()
    for (const output of this.outputs) output.restarted()
  }

  private tick(): void {
    const encoder = this.encoder
    if (!encoder?.running) return
    const elapsed = (performance.now() - this.started) / 1000
    const audioDue = Math.floor((elapsed * SAMPLE_RATE) / CHUNK)
    const audio = encoder.pipe(3)
    while (this.audioWritten < audioDue) {
      audio.write(this.mixer.next())
      const chunks = this.mixer.languageChunks()
      for (let i = 0; i < this.encoderLanguages; i++)
        encoder.pipe(4 + i).write(chunks[i] ?? SILENCE)
      this.audioWritten++
    }
    const videoDue = Math.floor(elapsed * ENCODING.fps)
    if (this.videoWritten >= videoDue) return
    const video = encoder.stdin
    if (!video) return
    if (video.writableLength > MAX_QUEUED_FRAMES * this.frame.data.length) {
      this.held++
      return
    }
    this.held += videoDue - this.videoWritten - 1
    this.videoWritten = videoDue
    this.draw(this.frame)
    video.write(Buffer.from(this.frame.data))
    if (!this.firstFrameAt) this.firstFrameAt = performance.now()
  }

  /**
   * Resolves once the encoder has put out the picture handed to it now: on a busy machine it
   * runs behind, and an output removed at once (a recording stopped) would lose what it still
   * holds. True when it has; false after `timeoutMs`, or when the encoder stopped or restarted.
   */
  caughtUp(timeoutMs = 15_000): Promise<boolean> {
    const encoder = this.encoder
    if (!encoder || !this.firstFrameAt) return Promise.resolve(true)
    // The picture being handed in now, in the encoder's timeline (its first picture at 0).
    const target = (performance.now() - this.firstFrameAt) / 1000 - 1 / ENCODING.fps
    const clock = this.clock
    return new Promise((resolve) => {
      const done = (caught: boolean) => {
        clearTimeout(timer)
        this.progress.delete(check)
        resolve(caught)
      }
      const check = () => {
        if (this.encoder !== encoder || !encoder.running) done(false)
        else if ((clock.seconds ?? -1) >= target) done(true)
      }
      const timer = setTimeout(() => done(false), timeoutMs)
      this.progress.add(check)
      check()
    })
  }

  /**
   * Stops the encoder, letting it flush what it holds to the outputs (its inputs close first);
   * outputs that are left are the caller's to end.
   */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    const encoder = this.encoder
    if (!encoder) return
    encoder.pipe(3).end()
    for (let i = 0; i < this.encoderLanguages; i++) encoder.pipe(4 + i).end()
    await encoder.stop(true, 3000)
    this.encoder = undefined
  }
}
