import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })

/**
 * A server process of this test's own (its port, its data folder), which the test may kill and
 * start again on the same data; the run's shared server is never touched.
 */
export class OwnServer {
  private process: ChildProcess | undefined
  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
  ) {}

  /** `env`: more settings (DATABASE_URL and REDIS_URL for one of several processes). */
  static async create(env: Record<string, string> = {}): Promise<OwnServer> {
    return new OwnServer(await freePort(), mkdtempSync(join(tmpdir(), 'roomcast-fault-')), env)
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`
  }

  /** Starts it; resolves at the moment it is listening (its ready line), with that time. */
  start(timeoutMs = 120_000): Promise<number> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        STATIC_DIR: 'dist',
        LOG_LEVEL: 'warn',
        MEDIA: 'mesh',
        // Gone with the test run, however it ends (src/server/parent.ts).
        EXIT_WITH_PARENT: '1',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.process = child
    let errors = ''
    child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)))
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line: ${errors}`)), timeoutMs)
      let out = ''
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes('roomcast is ready')) {
          clearTimeout(timer)
          resolve(Date.now())
        }
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`server exited (${code}): ${errors}`))
      })
    })
  }

  /** Ends the process with this signal and waits for it to be gone. */
  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.process
    this.process = undefined
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill(signal)
    await exited
  }
}
