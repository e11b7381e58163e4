/**
 * The processes of `npm run bench:realtime` besides its own: servers (realtime-server.ts) and
 * receivers (realtime-clients.ts), each asked over IPC.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { CLIENT_PROCESSES, N, SECRET } from './realtime-options'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

export interface Child {
  proc: ChildProcess
  ask<T>(ask: string, key: string, extra?: Record<string, unknown>): Promise<T>
  first<T>(key: string): Promise<T>
}

/** A child process (a built `.js`, or TypeScript through tsx) answering over IPC. */
export function child(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  gc = false,
  nodeArgs: string[] = [],
): Child {
  const built = script.endsWith('.js')
  const proc = fork(built ? script : here(script), args, {
    execArgv: [
      ...(built ? [] : ['--import', 'tsx']),
      ...(gc ? ['--expose-gc'] : []),
      '--max-old-space-size=4096',
      ...nodeArgs,
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const first = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const answered: (() => void)[] = []
      const onMessage = (message: Record<string, unknown>) => {
        if (key in message) {
          proc.off('message', onMessage)
          answered.forEach((f) => f())
          resolve(message as T)
        }
      }
      const onExit = (code: number | null) => reject(new Error(`${script} exited (${code})`))
      proc.on('message', onMessage)
      proc.once('exit', onExit)
      answered.push(() => proc.off('exit', onExit))
    })
  return {
    proc,
    first,
    ask<T>(ask: string, key: string, extra: Record<string, unknown> = {}) {
      const answer = first<T>(key)
      proc.send({ ask, ...extra })
      return answer
    },
  }
}

export interface Stats {
  received: number
  p50: number
  p99: number
  /** CPU time the receiving processes used since the last reset, µs. */
  clientCpuUs: number
}

/** The receivers' latency histogram buckets (realtime-clients.ts). */
const BUCKET_MS = 0.5

/** N receivers in CLIENT_PROCESSES processes, spread over `urls` (one per server process). */
export function receivers(kind: string, urls: readonly string[]) {
  const share = Math.ceil(N / CLIENT_PROCESSES)
  const procs = Array.from({ length: CLIENT_PROCESSES }, (_, i) =>
    child('./realtime-clients.ts', [
      kind,
      urls[i % urls.length]!,
      String(Math.min(share, N - i * share)),
      SECRET,
      String(i * share),
    ]),
  )
  const all = <T>(ask: string, key: string, extra?: Record<string, unknown>) =>
    Promise.all(procs.map((p) => p.ask<T>(ask, key, extra)))
  return {
    started: () => Promise.all(procs.map((p) => p.first('started'))),
    connect: async (ask: string, key: string) =>
      (await all<Record<string, number>>(ask, key)).reduce((sum, r) => sum + r[key]!, 0),
    reset: (extra?: Record<string, unknown>) => all('reset', 'reset', extra),
    async stats(): Promise<Stats> {
      const parts = await all<{ received: number; buckets: [number, number][]; cpuUs: number }>(
        'stats',
        'received',
      )
      const merged = new Map<number, number>()
      for (const part of parts)
        for (const [b, n] of part.buckets) merged.set(b, (merged.get(b) ?? 0) + n)
      const sorted = [...merged].sort((x, y) => x[0] - y[0])
      const sampled = sorted.reduce((s, [, n]) => s + n, 0)
      const at = (p: number) => {
        let seen = 0
        for (const [b, n] of sorted)
          if ((seen += n) >= Math.ceil(sampled * p)) return (b + 1) * BUCKET_MS
        return 0
      }
      return {
        received: parts.reduce((s, p) => s + p.received, 0),
        p50: at(0.5),
        p99: at(0.99),
        clientCpuUs: parts.reduce((s, p) => s + p.cpuUs, 0),
      }
    },
    close: () => procs.forEach((p) => p.proc.send({ ask: 'close' })),
  }
}

export type Receivers = ReturnType<typeof receivers>

/** CPU time (user and system) a process of this machine has used so far, µs. */
export function processCpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  const ticks = Number(fields[11]) + Number(fields[12])
  return (ticks * 1e6) / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim())
}
