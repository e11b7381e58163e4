import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, mkdirSync, rmSync, type WriteStream } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { BehaviorSubject, type Observable } from 'rxjs'
import { newSecrets, signJanusToken, writeJanusConfig, type JanusSetup } from './config'
import { tiedToServer } from '../tied'
import { probeJanus, type JanusEndpoint } from './probe'
import type { JanusInstall } from './locate'

export type { JanusEndpoint } from './probe'

export type SupervisorState =
  | { readonly kind: 'starting' }
  | { readonly kind: 'up'; readonly endpoint: JanusEndpoint; readonly pid: number }
  | { readonly kind: 'down'; readonly reason: string }
  | { readonly kind: 'stopped' }

export interface SupervisorLog {
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

export interface SupervisorOptions {
  readonly install: JanusInstall
  /** Where the generated config and Janus's log go (`DATA_DIR/janus`). */
  readonly dir: string
  readonly log: SupervisorLog
  /** Health check period; a Janus that misses two checks in a row is restarted. */
  readonly healthEveryMs?: number
  /** How long Janus may take to start answering. */
  readonly startTimeoutMs?: number
  /** UDP ports for ICE and RTP. */
  readonly rtpPorts?: string
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

const LOG_LIMIT = 5 * 1024 * 1024
const TOKEN_TTL_SECONDS = 365 * 24 * 3600

/**
 * Runs Janus as a child of our server: a fresh config folder (loopback transports on free ports,
 * new secrets) on every start, a health check, a restart with backoff after a crash or a hang,
 * and a stop with the server. `state$` says whether Janus is up and how to reach it.
 */
export class JanusSupervisor {
  private readonly state = new BehaviorSubject<SupervisorState>({ kind: 'starting' })
  readonly state$: Observable<SupervisorState> = this.state.asObservable()
  private child: ChildProcess | undefined
  private logFile: WriteStream | undefined
  private health: ReturnType<typeof setInterval> | undefined
  private restartTimer: ReturnType<typeof setTimeout> | undefined
  private stopping = false
  private failures = 0
  private upSince = 0
  /** Restarts after a crash or a hang (not the first start). */
  restarts = 0

  constructor(private readonly options: SupervisorOptions) {}

  get current(): SupervisorState {
    return this.state.getValue()
  }

  /** Starts Janus; resolves once it answers (or rejects when the first start fails). */
  async start(): Promise<JanusEndpoint> {
    this.stopping = false
    const endpoint = await this.launch()
    return endpoint
  }

  /** Stops Janus (SIGTERM, then SIGKILL after 3 s) and removes its config folder. */
  async stop(): Promise<void> {
    this.stopping = true
    if (this.restartTimer) clearTimeout(this.restartTimer)
    this.stopHealth()
    const child = this.child
    this.child = undefined
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(timer)
    }
    this.logFile?.end()
    rmSync(join(this.options.dir, 'conf'), { recursive: true, force: true })
    this.state.next({ kind: 'stopped' })
  }

  /** The running Janus's process id (tests kill it to prove the restart). */
  get pid(): number | undefined {
    return this.child?.pid
  }

  private async launch(): Promise<JanusEndpoint> {
    const { install, dir, log } = this.options
    this.state.next({ kind: 'starting' })
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    const setup: JanusSetup = {
      dir: join(dir, 'conf'),
      apiPort: await freePort(),
      adminPort: await freePort(),
      rtpPorts: this.options.rtpPorts ?? '20000-40000',
      ...newSecrets(),
    }
    writeJanusConfig(install, setup)
    const endpoint: JanusEndpoint = {
      url: `ws://127.0.0.1:${setup.apiPort}`,
      token: signJanusToken(setup.tokenSecret, TOKEN_TTL_SECONDS),
      adminUrl: `ws://127.0.0.1:${setup.adminPort}`,
      adminSecret: setup.adminSecret,
    }
    // The secrets are in the config file (mode 0600), never on the command line. Janus dies with
    // the server, even a server killed with SIGKILL (tiedToServer).
    const [bin, args] = tiedToServer(install.bin, [
      '-F',
      setup.dir,
      '-C',
      join(setup.dir, 'janus.jcfg'),
      '-o',
    ])
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    this.child = child
    // A server that exits without stopping us (process.exit) takes its Janus along.
    const orphan = () => child.kill('SIGKILL')
    process.once('exit', orphan)
    child.once('exit', () => process.removeListener('exit', orphan))
    const janusLog = this.openLog()
    child.stdout?.on('data', (chunk: Buffer) => janusLog.write(chunk))
    child.stderr?.on('data', (chunk: Buffer) => janusLog.write(chunk))
    const exited = new Promise<string>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`)),
    )
    void exited.then((reason) => this.exited(child, reason))
    const deadline = Date.now() + (this.options.startTimeoutMs ?? 15_000)
    for (;;) {
      const outcome = await Promise.race([
        probeJanus(endpoint, 1000).then(
          () => 'up' as const,
          () => 'retry' as const,
        ),
        exited,
      ])
      if (outcome === 'up') break
      if (outcome !== 'retry') throw new Error(`Janus exited while starting (${outcome})`)
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error('Janus did not answer within the start timeout')
      }
      await new Promise((r) => setTimeout(r, 100))
    }
    log.info(`janus started (pid ${child.pid}, api on 127.0.0.1:${setup.apiPort})`)
    this.upSince = Date.now()
    this.state.next({ kind: 'up', endpoint, pid: child.pid ?? 0 })
    this.startHealth(endpoint, child)
    return endpoint
  }

  /** Janus's own output goes to `janus.log` in its folder, started afresh past 5 MB. */
  private openLog(): { write(chunk: Buffer): void } {
    const path = join(this.options.dir, 'janus.log')
    let written = 0
    const open = () => {
      this.logFile?.end()
      this.logFile = createWriteStream(path, { flags: 'w', mode: 0o600 })
      written = 0
    }
    open()
    return {
      write: (chunk) => {
        if (written + chunk.length > LOG_LIMIT) open()
        written += chunk.length
        this.logFile?.write(chunk)
      },
    }
  }

  private startHealth(endpoint: JanusEndpoint, child: ChildProcess): void {
    this.stopHealth()
    let missed = 0
    this.health = setInterval(() => {
      probeJanus(endpoint, 3000).then(
        () => (missed = 0),
        () => {
          missed++
          if (missed < 2 || this.child !== child) return
          this.options.log.warn('janus missed two health checks: restarting it')
          child.kill('SIGKILL')
        },
      )
    }, this.options.healthEveryMs ?? 5000)
    this.health.unref?.()
  }

  private stopHealth(): void {
    if (this.health) clearInterval(this.health)
    this.health = undefined
  }

  private exited(child: ChildProcess, reason: string): void {
    if (this.child !== child || this.stopping) return
    this.child = undefined
    this.stopHealth()
    const wasUp = this.current.kind === 'up'
    this.state.next({ kind: 'down', reason })
    // A failed start is the caller's to handle (the first start, or the restart below).
    if (!wasUp) return
    this.options.log.error(`janus exited (${reason}); restarting it`)
    this.scheduleRestart()
  }

  /** Back off on a crash loop: 0.5 s, 1 s, 2 s … 10 s; a Janus up for a minute starts over. */
  private scheduleRestart(): void {
    if (this.stopping) return
    if (Date.now() - this.upSince > 60_000) this.failures = 0
    const delay = Math.min(10_000, 500 * 2 ** this.failures++)
    this.restartTimer = setTimeout(() => {
      this.restarts++
      this.launch().catch((error: unknown) => {
        this.options.log.error(`janus restart failed: ${(error as Error).message}`)
        this.state.next({ kind: 'down', reason: 'restart failed' })
        this.scheduleRestart()
      })
    }, delay)
    this.restartTimer.unref?.()
  }
}
