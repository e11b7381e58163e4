import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Debian's redis-server, when installed (`.ci/run` installs it). */
export function redisBin(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' })
  const path = found.stdout.trim()
  return found.status === 0 && path ? path : undefined
}

/**
 * A throwaway redis-server on a loopback port (no persistence). `stop()` kills it (an outage),
 * `start()` brings it back on the same port, empty, as a restarted Redis would be.
 */
export async function startRedis(
  bin: string,
  port: number,
): Promise<{
  url: string
  /** The running redis-server's process id. */
  readonly pid: number
  start(): Promise<void>
  stop(): Promise<void>
  close(): Promise<void>
}> {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-redis-'))
  let proc: ChildProcess | undefined
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(
        bin,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      proc = child
      let out = ''
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start: ${out}`)),
        20_000,
      )
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer)
          resolve()
        }
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`redis-server exited (${code}): ${out}`))
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      const child = proc
      proc = undefined
      if (!child || child.exitCode !== null) return resolve()
      child.removeAllListeners('exit')
      child.once('exit', () => resolve())
      child.kill('SIGKILL')
    })
  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    get pid() {
      return proc?.pid ?? 0
    },
    start,
    stop,
    async close() {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
