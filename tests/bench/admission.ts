/**
 * `npm run bench:admission`: a crowd enters one lecture hall. A host creates the room; then N
 * members (default 10,000; `N` overrides) each enter over REST (a visitor's POST room/entry with
 * the room password), log in to the realtime service with the rtmToken of their answer and join
 * the room's channel, `CONCURRENCY` at a time (default 200). A member counts as admitted when its
 * join is acknowledged; its socket stays open, so the room holds everyone at the end. A busy
 * answer (code 1007) is retried with its ticket after the hinted delay, as the client does.
 *
 * The same crowd enters the code of a base commit (`BASE`, default the last commit before this
 * bench: scrypt for every entrant, every arrival announced to the whole channel) in the same run,
 * started from a git worktree of that commit; it enters only `OLD_N` members (default 300: at
 * ~15 a second 10,000 would take over ten minutes), so the ratio printed is the current code's
 * rate for the whole crowd over the old code's rate for its first 300 (which only slows as its
 * room grows; `OLD_N=0` skips it). Printed: admissions a second, the server's CPU per admission and the bench
 * client's (it shares the machine's cores with the server: HTTP keep-alive requests and bare
 * sockets, support/lean-socket.ts), p50 / p99 of one admission, and the load average before and
 * after; the last line is one JSON object. `SERVER_NODE_ARGS` passes Node options to the server
 * processes (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`; the server writes its profile on exit).
 */
import { fork, execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serverEnv } from '../../scripts/server-env.mjs'
import { admitCrowd, type CrowdResult } from './support/crowd-client'

const N = Number(process.env.N ?? 10_000)
const OLD_N = Number(process.env.OLD_N ?? 300)
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 200)
const BASE = process.env.BASE ?? 'ff3a56d'
const TARGET_PER_SECOND = 500
const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)))

interface Server {
  url: string
  cpu(): Promise<number>
  stop(): Promise<void>
}

/** The bench server of a checkout (the whole app, embedded in-memory database), in its process. */
async function startServer(root: string): Promise<Server> {
  const proc = fork(join(root, 'tests/bench/realtime-server.ts'), ['roomcast'], {
    cwd: root,
    execArgv: [
      '--import',
      'tsx',
      '--max-old-space-size=4096',
      ...(process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ],
    // As `npm start` runs the server (scripts/server-env.mjs).
    env: { ...serverEnv(), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const waitFor = <T>(key: string) =>
    new Promise<T>((resolvePromise, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (!(key in m)) return
        proc.off('message', onMessage)
        resolvePromise(m as T)
      }
      proc.on('message', onMessage)
      proc.once('exit', (code) => reject(new Error(`server exited (${code})`)))
    })
  const { port } = await waitFor<{ port: number }>('port')
  return {
    url: `http://127.0.0.1:${port}`,
    cpu: async () => {
      const answer = waitFor<{ cpu: number }>('cpu')
      proc.send({ ask: 'cpu' })
      return (await answer).cpu
    },
    // Asked to exit (a profile asked by SERVER_NODE_ARGS is written then); killed if it does not.
    stop: () =>
      new Promise<void>((resolveStop) => {
        if (proc.exitCode !== null) return resolveStop()
        const timer = setTimeout(() => proc.kill(), 5000)
        proc.once('exit', () => {
          clearTimeout(timer)
          resolveStop()
        })
        proc.send({ ask: 'exit' })
      }),
  }
}

async function measure(label: string, root: string, count: number): Promise<CrowdResult> {
  const server = await startServer(root)
  try {
    const result = await admitCrowd(server.url, count, CONCURRENCY, server.cpu)
    console.log(
      `${label.padEnd(8)} ${result.admitted} of ${count} admitted in ${result.seconds} s: ${result.perSecond}/s, ` +
        `server ${result.serverCpuMsPerAdmission} ms + bench client ${result.clientCpuMsPerAdmission} ms CPU an admission, p50 ${result.p50Ms} / p99 ${result.p99Ms} ms, ` +
        `${result.busyAnswers} busy answers retried`,
    )
    return result
  } finally {
    await server.stop()
  }
}

/** A worktree of the base commit, sharing this checkout's node_modules. */
function baseCheckout(): { root: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-admission-base-'))
  const root = join(dir, 'base')
  execFileSync('git', ['-C', repo, 'worktree', 'add', '--detach', root, BASE], { stdio: 'ignore' })
  if (!existsSync(join(root, 'node_modules')))
    symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'))
  return {
    root,
    remove() {
      execFileSync('git', ['-C', repo, 'worktree', 'remove', '--force', root], { stdio: 'ignore' })
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
const loadBefore = load()
console.log(
  `admission bench: ${N} members enter one room (REST entry, realtime login and join), ${CONCURRENCY} at a time; base ${BASE} with ${OLD_N}; load average ${loadBefore}`,
)
const current = await measure('current', repo, N)
if (OLD_N === 0) {
  // OLD_N=0: the current code only (an A/B of two versions of it, each run on its own).
  console.log(`load average before ${loadBefore}, after ${load()}`)
  console.log(JSON.stringify({ bench: 'admission', load: loadBefore, n: N, current }))
  process.exit(0)
}
const base = baseCheckout()
let old: CrowdResult
try {
  old = await measure(`base`, base.root, OLD_N)
} finally {
  base.remove()
}
const ratio = Math.round((current.perSecond / Math.max(0.01, old.perSecond)) * 10) / 10
const cpuRatio =
  Math.round(
    (old.serverCpuMsPerAdmission / Math.max(0.001, current.serverCpuMsPerAdmission)) * 10,
  ) / 10
console.log(
  `current / base: ${ratio}x the admissions a second (${N} against ${OLD_N}), ${cpuRatio}x less server CPU an admission; target ≥ ${TARGET_PER_SECOND}/s: ${current.perSecond >= TARGET_PER_SECOND ? 'met' : 'NOT met'}`,
)
const loadAfter = load()
console.log(`load average before ${loadBefore}, after ${loadAfter}`)
console.log(
  JSON.stringify({
    bench: 'admission',
    load: { before: loadBefore, after: loadAfter },
    n: N,
    oldN: OLD_N,
    base: BASE,
    current,
    old,
    ratio,
    cpuRatio,
    target: current.perSecond >= TARGET_PER_SECOND,
  }),
)
process.exit(0)
