import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { tiedToServer } from '../tied'

/** Where ffmpeg and ffprobe are, and which version answered. */
export interface FfmpegInstall {
  readonly ffmpeg: string
  readonly ffprobe: string
  readonly version: string
}

const runnable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function which(name: string, path: string): string | undefined {
  if (name.includes('/')) return runnable(name) ? name : undefined
  return path
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, name))
    .find(runnable)
}

/**
 * Finds ffmpeg (`FFMPEG_BIN`, default `ffmpeg` on PATH) and ffprobe beside it (`FFPROBE_BIN`),
 * and checks it has what the live and recording pipelines use (libx264, libvpx, libopus, AAC).
 * Answers the reason when it is missing, so `npm start` can say why live is off.
 */
export function locateFfmpeg(
  env: NodeJS.ProcessEnv = process.env,
): { install: FfmpegInstall } | { missing: string } {
  const path = env.PATH ?? ''
  const ffmpeg = which(env.FFMPEG_BIN || 'ffmpeg', path)
  if (!ffmpeg) return { missing: 'ffmpeg is not installed (apt-get install ffmpeg)' }
  const ffprobe =
    which(env.FFPROBE_BIN || join(ffmpeg, '..', 'ffprobe'), path) ?? which('ffprobe', path)
  if (!ffprobe) return { missing: 'ffprobe is not installed beside ffmpeg' }
  const encoders = spawnSync(ffmpeg, ['-hide_banner', '-encoders'], { encoding: 'utf8' })
  if (encoders.status !== 0) return { missing: `${ffmpeg} does not run` }
  const lacking = ['libx264', 'libvpx', 'libopus', 'aac'].filter(
    (name) => !new RegExp(`\\s${name}\\s`).test(encoders.stdout),
  )
  if (lacking.length > 0) return { missing: `ffmpeg lacks ${lacking.join(', ')}` }
  const banner = spawnSync(ffmpeg, ['-hide_banner', '-version'], { encoding: 'utf8' }).stdout
  const version = /ffmpeg version (\S+)/.exec(banner)?.[1] ?? 'unknown'
  return { install: { ffmpeg, ffprobe, version } }
}

export interface FfmpegLog {
  warn(message: string): void
}

/** How a pipeline's ffmpeg ended: asked to stop, or by itself (an error, or its input ended). */
export interface FfmpegExit {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stopped: boolean
  /** The last lines ffmpeg wrote on stderr: the reason when it failed. */
  readonly tail: string
}

const TAIL_LINES = 12

/** Our ffmpegs still running: killed if this process exits first. */
const running = new Set<ChildProcess>()
let exitHooked = false

/**
 * Kills `child` should our process exit while it runs, with one exit hook for all of them (a hook
 * each made Node warn of a listener leak once a room's composition ran more than ten ffmpegs).
 * Answers the way to forget it once it has exited.
 */
function track(child: ChildProcess): () => void {
  if (!exitHooked) {
    exitHooked = true
    process.once('exit', () => {
      for (const orphan of running) orphan.kill('SIGKILL')
    })
  }
  running.add(child)
  return () => running.delete(child)
}

/**
 * One ffmpeg process of a pipeline. Its stdin, stdout and any extra pipes (fd 3 …) are the
 * pipeline's to use; stderr is kept as a short tail, which becomes the reason when it exits. It
 * never outlives the server: a server that exits takes it along.
 */
export class FfmpegProcess {
  readonly child: ChildProcess
  readonly exited: Promise<FfmpegExit>
  private readonly lines: string[] = []
  private partial = ''
  private stopping = false
  private readonly onLine: ((line: string) => unknown) | undefined
  private readonly secrets: readonly string[]

  constructor(
    bin: string,
    args: readonly string[],
    options: {
      extraPipes?: number
      name: string
      log?: FfmpegLog
      stdin?: boolean
      /** ffmpeg's log level (warning by default). */
      loglevel?: string
      /**
       * Every line ffmpeg writes on stderr (to learn, say, that an output has connected); a line
       * it answers true for is taken, not kept in the tail.
       */
      onLine?: (line: string) => unknown
      /** Texts in its arguments never to be repeated (a CDN's stream key): hidden in its lines. */
      secrets?: readonly string[]
    },
  ) {
    this.secrets = (options.secrets ?? []).filter((secret) => secret.length > 0)
    const extra = Array.from({ length: options.extraPipes ?? 0 }, () => 'pipe' as const)
    this.onLine = options.onLine
    const loglevel = options.loglevel ?? 'warning'
    const [command, argv] = tiedToServer(bin, [
      '-hide_banner',
      '-nostats',
      '-loglevel',
      loglevel,
      ...args,
    ])
    this.child = spawn(command, argv, {
      stdio: [options.stdin === false ? 'ignore' : 'pipe', 'pipe', 'pipe', ...extra],
    })
    const untrack = track(this.child)
    this.child.stderr?.setEncoding('utf8')
    this.child.stderr?.on('data', (chunk: string) => this.keep(chunk))
    // A pipe that breaks because ffmpeg went away is reported by the exit, not as a crash.
    for (const stream of this.child.stdio) stream?.on('error', () => undefined)
    this.exited = new Promise((resolve) => {
      const done = (code: number | null, signal: NodeJS.Signals | null) => {
        untrack()
        const exit = { code, signal, stopped: this.stopping, tail: this.tail }
        if (!this.stopping && code !== 0)
          options.log?.warn(`${options.name}: ffmpeg exited (${signal ?? code}): ${exit.tail}`)
        resolve(exit)
      }
      this.child.once('exit', done)
      this.child.once('error', (error) => {
        this.lines.push(error.message)
        done(null, null)
      })
    })
  }

  get stdin(): Writable | null {
    return this.child.stdin
  }

  get stdout(): Readable | null {
    return this.child.stdout
  }

  /** An extra pipe ffmpeg reads or writes as `pipe:N`. */
  pipe(fd: number): Writable {
    return this.child.stdio[fd] as Writable
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null
  }

  /** The last lines of ffmpeg's stderr. */
  get tail(): string {
    return [...this.lines, this.partial].filter(Boolean).slice(-TAIL_LINES).join('\n').trim()
  }

  /**
   * Stops it: closing its input lets it finish its output (a playlist's end, an MP4's index)
   * when `graceful`; SIGTERM after `graceMs`, SIGKILL 3 s later.
   */
  async stop(graceful = false, graceMs = 5000): Promise<FfmpegExit> {
    this.stopping = true
    if (this.running) {
      if (graceful && this.child.stdin) this.child.stdin.end()
      else this.child.kill('SIGTERM')
      const term = setTimeout(() => this.child.kill('SIGTERM'), graceful ? graceMs : 0)
      const kill = setTimeout(() => this.child.kill('SIGKILL'), (graceful ? graceMs : 0) + 3000)
      await this.exited
      clearTimeout(term)
      clearTimeout(kill)
    }
    return this.exited
  }

  private keep(chunk: string): void {
    const text = this.partial + chunk
    const parts = text.split(/\r?\n|\r/)
    this.partial = parts.pop() ?? ''
    for (const part of parts) {
      if (!part.trim()) continue
      const line = this.secrets.reduce((l, secret) => l.split(secret).join('••••'), part.trim())
      if (this.onLine?.(line) === true) continue
      this.lines.push(line)
    }
    if (this.lines.length > TAIL_LINES * 2) this.lines.splice(0, this.lines.length - TAIL_LINES)
  }
}

/** Runs ffprobe on a file or URL and answers its JSON (format and streams). */
export function ffprobe(
  install: FfmpegInstall,
  input: string,
  options: readonly string[] = [],
): Promise<FfprobeResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(install.ffprobe, [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      ...options,
      input,
    ])
    let out = ''
    let err = ''
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c))
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c))
    child.once('error', reject)
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`ffprobe failed: ${err.trim()}`))
      try {
        resolve(JSON.parse(out) as FfprobeResult)
      } catch (error) {
        reject(error as Error)
      }
    })
  })
}

export interface FfprobeResult {
  readonly format?: {
    readonly duration?: string
    readonly size?: string
    readonly bit_rate?: string
  }
  readonly streams?: readonly {
    readonly codec_type?: string
    readonly codec_name?: string
    readonly width?: number
    readonly height?: number
    readonly duration?: string
  }[]
}
