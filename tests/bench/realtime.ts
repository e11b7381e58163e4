/**
 * `npm run bench:realtime`: the realtime service under a broadcast load, beside a plain `ws`
 * broadcast server and a raw server (framed bytes written straight to the sockets, one write per
 * message, no batching) under the same load, in the same run. N loopback sockets (default 10,000; `N`
 * overrides) sit in one channel in a client process; a sender broadcasts at a steady rate
 * (`RATE` messages a second, default 12), then in a burst of 50. Printed: deliveries per second,
 * p50 and p99 latency, the CPU a delivery costs the server and the receivers (and the shortest a
 * broadcast can take with it on this machine's cores), and the server's RSS per idle socket, and
 * the load average before and after. The receivers read on bare sockets (support/lean-socket.ts),
 * the same for every server. `SKIP=redis,raw` leaves those runs out; `SERVER_NODE_ARGS` passes
 * Node options to the roomcast, plain and raw servers (e.g. `--cpu-prof`). The last line is one
 * JSON object.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { buildServer, serverOut } from '../../scripts/build-server.mjs'
import { createTokens } from '../../src/server/auth/tokens'
import { redisBin, startRedis } from '../server/redis'
import { CORES, fanOutFloorMs } from './support/cpu'

const N = Number(process.env.N ?? 10_000)
const RATE = Number(process.env.RATE ?? 12)
const STEADY_SECONDS = Number(process.env.SECONDS ?? 6)
const BURST = 50
const SECRET = randomBytes(16).toString('hex')
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** `ONLY=memory`: connect the sockets, measure memory per idle socket, skip the load. */
const MEMORY_ONLY = process.env.ONLY === 'memory'

/**
 * The bench's servers (roomcast and the plain ones alike) run built, as `npm start` runs the
 * server (scripts/build-server.mjs): Node alone, no TypeScript loader in their memory.
 */
await buildServer(['tests/bench/realtime-server.ts'], join(serverOut, 'bench'))
const SERVER = join(serverOut, 'bench', 'realtime-server.js')

interface Child {
  proc: ChildProcess
  ask<T>(ask: string, key: string, extra?: Record<string, unknown>): Promise<T>
  first<T>(key: string): Promise<T>
}

function child(
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

function payload(seq: number): string {
  const message = `@T${process.hrtime.bigint()}E#${seq}`
  return JSON.stringify({
    cmd: 1,
    version: 1,
    timestamp: Date.now(),
    data: { userId: 'usender', userName: 'bench', message },
  })
}

async function sender(kind: string, url: string) {
  const socket = new WebSocket(url, { perMessageDeflate: false })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  let id = 10
  if (kind === 'roomcast') {
    const token = createTokens(SECRET).sign({
      kind: 'rtm',
      sub: 'sender',
      ch: 'bench',
      uid: 'usender',
    })
    const acked = (want: number) =>
      new Promise<void>((resolve) =>
        socket.on('message', (d) => {
          const f = JSON.parse(d.toString()) as { t: string; id?: number }
          if (f.t === 'ack' && f.id === want) resolve()
        }),
      )
    socket.send(JSON.stringify({ t: 'login', id: 1, uid: 'sender', token }))
    await acked(1)
    socket.send(JSON.stringify({ t: 'join', id: 2, channel: 'bench' }))
    await acked(2)
  }
  return {
    send(seq: number) {
      const text = payload(seq)
      socket.send(
        kind === 'roomcast'
          ? JSON.stringify({ t: 'channelMessage', id: id++, channel: 'bench', text })
          : text,
      )
    },
    close: () => socket.terminate(),
  }
}

interface Stats {
  received: number
  p50: number
  p99: number
  /** CPU time the receiving processes used since the last reset, µs. */
  clientCpuUs: number
}

/** The receivers, in CLIENT_PROCESSES processes (default 2: both cores can read). */
const CLIENT_PROCESSES = Number(process.env.CLIENT_PROCESSES ?? 2)
/** Node options for the one-process servers (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
const SERVER_NODE_ARGS = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
/** Runs left out (`SKIP=redis,raw`): the 1-process and plain runs always go. */
const SKIP = new Set((process.env.SKIP ?? '').split(',').filter(Boolean))
const BUCKET_MS = 0.5

function receivers(kind: string, urls: readonly string[]) {
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

/** CPU time (user and system) a process of this machine has used so far, µs. */
function processCpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  const ticks = Number(fields[11]) + Number(fields[12])
  return (ticks * 1e6) / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim())
}

type Kind = 'roomcast' | 'plain' | 'raw' | 'redis'
/** A server's answer to 'rss': RSS, its young generation's committed size, the heap in use. */
type Memory = { rss: number; young: number; heap: number }

/**
 * `redis`: roomcast as two processes sharing the realtime service through a redis-server of the
 * bench's own; the sender and half the receivers on the first, the other half on the second.
 */
async function connectAll(kind: Kind, redis?: { url: string; pid: number }) {
  const servers =
    kind === 'redis'
      ? [0, 1].map(() =>
          child(
            SERVER,
            ['roomcast'],
            { ROOMCAST_SECRET: SECRET, REDIS_URL: redis!.url, REDIS_PREFIX: `bench${N}:` },
            true,
          ),
        )
      : [child(SERVER, [kind], { ROOMCAST_SECRET: SECRET }, true, SERVER_NODE_ARGS)]
  const ports = await Promise.all(servers.map((s) => s.first<{ port: number }>('port')))
  const roomcastLike = kind === 'roomcast' || kind === 'redis'
  const urls = ports.map(({ port }) => `ws://127.0.0.1:${port}${roomcastLike ? '/rtm' : ''}`)
  const url = urls[0]!
  const server = {
    /** Every figure of the answer, summed over the servers. */
    ask: async <T extends Record<string, number>>(ask: string, key: string) => {
      const answers = await Promise.all(servers.map((s) => s.ask<T>(ask, key)))
      const sum: Record<string, number> = {}
      for (const answer of answers)
        for (const [k, v] of Object.entries(answer)) sum[k] = (sum[k] ?? 0) + v
      return sum as T
    },
    // Asked to exit (a profile asked by SERVER_NODE_ARGS is written then), killed if it does not.
    kill: () =>
      servers.forEach((s) => {
        const timer = setTimeout(() => s.proc.kill(), 5000)
        s.proc.once('exit', () => clearTimeout(timer))
        s.proc.send({ ask: 'exit' })
      }),
  }
  const redisCpu = () => (redis ? processCpuMicros(redis.pid) : 0)
  const clients = receivers(roomcastLike ? 'roomcast' : 'plain', urls)
  await clients.started()
  // Memory per socket is the growth from a tenth of the sockets to all of them (startup
  // excluded): RSS, and the JavaScript heap in use after a full collection.
  const started = Date.now()
  const tenth = await clients.connect('connect-tenth', 'tenth')
  await sleep(1000)
  const before = await server.ask<Memory>('rss', 'rss')
  const ready = await clients.connect('connect', 'ready')
  const connectSeconds = (Date.now() - started) / 1000
  await sleep(2000)
  const idle = await server.ask<Memory>('rss', 'rss')
  // RSS without the young generation, which V8 resizes in its own time (realtime-server.ts).
  const rssPerSocketKB =
    (idle.rss - idle.young - (before.rss - before.young)) / (ready - tenth) / 1024
  const heapPerSocketKB = (idle.heap - before.heap) / (ready - tenth) / 1024
  return {
    server,
    clients,
    url,
    roomcastLike,
    ready,
    connectSeconds,
    rssPerSocketKB,
    heapPerSocketKB,
    redisCpu,
  }
}

/** `ONLY=memory`: the sockets connected and idle, their memory measured, no load. */
async function memory(kind: Kind) {
  const { server, clients, ready, rssPerSocketKB, heapPerSocketKB } = await connectAll(kind)
  clients.close()
  server.kill()
  await sleep(500)
  const result = {
    sockets: ready,
    rssPerSocketKB: round(rssPerSocketKB),
    heapPerSocketKB: round(heapPerSocketKB),
  }
  console.log(
    `${kind.padEnd(9)} ${ready} sockets: ${result.rssPerSocketKB} KB RSS, ${result.heapPerSocketKB} KB heap per idle socket`,
  )
  return result
}

async function run(kind: Kind, redis?: { url: string; pid: number }) {
  const { server, clients, url, roomcastLike, ready, connectSeconds, redisCpu, ...memory } =
    await connectAll(kind, redis)
  const { rssPerSocketKB, heapPerSocketKB } = memory
  const send = await sender(roomcastLike ? 'roomcast' : kind, url)

  // Steady: RATE broadcasts a second; one second of warm-up, then the measured window.
  let seq = 0
  const timer = setInterval(() => send.send(seq++), 1000 / RATE)
  await sleep(1000)
  await clients.reset()
  const cpu = async () => (await server.ask<{ cpu: number }>('cpu', 'cpu')).cpu
  const steadyCpu = await cpu()
  const steadyRedis = redisCpu()
  const windowStart = process.hrtime.bigint()
  await sleep(STEADY_SECONDS * 1000)
  const steadyStats = await clients.stats()
  const windowSeconds = Number(process.hrtime.bigint() - windowStart) / 1e9
  const steadyCpuUs = (await cpu()) - steadyCpu
  const steadyRedisUs = redisCpu() - steadyRedis
  clearInterval(timer)

  // Burst: 50 broadcasts at once (within the 60-a-second limit of a fresh window), counted once
  // the steady load has drained.
  await sleep(1500)
  for (let last = -1, now = 0; now !== last; await sleep(1000)) {
    last = now
    now = (await clients.stats()).received
  }
  await clients.reset({ fromSeq: seq })
  const burstCpu = await cpu()
  const burstStart = process.hrtime.bigint()
  for (let i = 0; i < BURST; i++) send.send(seq++)
  let burst: Stats = { received: 0, p50: 0, p99: 0, clientCpuUs: 0 }
  const deadline = Date.now() + 60_000
  while (burst.received < BURST * ready && Date.now() < deadline) {
    await sleep(5)
    burst = await clients.stats()
  }
  const burstSeconds = Number(process.hrtime.bigint() - burstStart) / 1e9
  const burstCpuUs = (await cpu()) - burstCpu

  send.close()
  clients.close()
  server.kill()
  await sleep(500)
  const serverCpuUsPerDelivery = round(steadyCpuUs / Math.max(1, steadyStats.received))
  const clientCpuUsPerDelivery = round(steadyStats.clientCpuUs / Math.max(1, steadyStats.received))
  const result = {
    sockets: ready,
    connectSeconds: round(connectSeconds),
    rssPerSocketKB: round(rssPerSocketKB),
    heapPerSocketKB: round(heapPerSocketKB),
    steady: {
      deliveriesPerSecond: Math.round(steadyStats.received / windowSeconds),
      offeredPerSecond: RATE * ready,
      p50Ms: round(steadyStats.p50),
      p99Ms: round(steadyStats.p99),
      serverCpuUsPerDelivery,
      clientCpuUsPerDelivery,
      redisCpuUsPerDelivery: round(steadyRedisUs / Math.max(1, steadyStats.received)),
      cpuFloorMs: round(fanOutFloorMs(serverCpuUsPerDelivery + clientCpuUsPerDelivery, ready)),
    },
    burst: {
      deliveries: burst.received,
      deliveriesPerSecond: Math.round(burst.received / burstSeconds),
      p50Ms: round(burst.p50),
      p99Ms: round(burst.p99),
      serverCpuUsPerDelivery: round(burstCpuUs / Math.max(1, burst.received)),
    },
  }
  console.log(
    `${(kind === 'redis' ? '2 on redis' : kind).padEnd(9)} ${ready} sockets (connected in ${result.connectSeconds} s), ${result.rssPerSocketKB} KB RSS, ${result.heapPerSocketKB} KB heap per idle socket\n` +
      `          steady ${RATE}/s: ${result.steady.deliveriesPerSecond} deliveries/s, p50 ${result.steady.p50Ms} ms, p99 ${result.steady.p99Ms} ms, server ${result.steady.serverCpuUsPerDelivery}${redis ? ` + redis ${result.steady.redisCpuUsPerDelivery}` : ''} + receivers ${result.steady.clientCpuUsPerDelivery} µs CPU a delivery (a broadcast needs ≥ ${result.steady.cpuFloorMs} ms on ${CORES} cores)\n` +
      `          burst of ${BURST}: ${result.burst.deliveriesPerSecond} deliveries/s, p50 ${result.burst.p50Ms} ms, p99 ${result.burst.p99Ms} ms, server ${result.burst.serverCpuUsPerDelivery} µs CPU a delivery`,
  )
  return result
}

const round = (n: number) => Math.round(n * 100) / 100

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
const loadBefore = load()
console.log(
  `realtime bench: ${N} sockets in one channel, ${RATE} broadcasts a second, then a burst of ${BURST}; load average ${loadBefore}`,
)
if (MEMORY_ONLY) {
  const roomcast = await memory('roomcast')
  const plain = await memory('plain')
  const rssRatio = round(roomcast.rssPerSocketKB / Math.max(0.01, plain.rssPerSocketKB))
  const heapRatio = round(roomcast.heapPerSocketKB / Math.max(0.01, plain.heapPerSocketKB))
  console.log(
    `per idle socket, roomcast / plain ws: RSS ${rssRatio}x, heap ${heapRatio}x (target ≤ 1.5x)`,
  )
  console.log(
    JSON.stringify({ bench: 'realtime', only: 'memory', N, roomcast, plain, rssRatio, heapRatio }),
  )
  process.exit(0)
}
const roomcast = await run('roomcast')
// The same load on two server processes sharing the realtime service through Redis.
const redisServer =
  redisBin() && !SKIP.has('redis')
    ? await startRedis(
        redisBin()!,
        Number(execFileSync(process.execPath, ['scripts/free-port.mjs']).toString().trim()),
      )
    : undefined
const twoOnRedis = redisServer
  ? await run('redis', { url: redisServer.url, pid: redisServer.pid }).finally(() =>
      redisServer.close(),
    )
  : (console.log(
      SKIP.has('redis')
        ? '2 on redis: skipped (SKIP)'
        : '2 on redis: skipped (no redis-server; apt-get install redis-server)',
    ),
    undefined)
const plain = await run('plain')
// Raw: the same load on a server that only writes framed bytes to sockets, a write per message.
// Beside roomcast it shows what the per-turn batching is worth once writes cost more than the
// gap between messages (a loopback write here costs the kernel 6-12 µs: 10,000 take 60-120 ms).
const raw = SKIP.has('raw') ? undefined : await run('raw')
const p99VersusPlain = round(plain.steady.p99Ms / Math.max(0.5, roomcast.steady.p99Ms))
const ratio = round(
  roomcast.burst.deliveriesPerSecond / Math.max(1, plain.burst.deliveriesPerSecond),
)
const rssRatio = round(roomcast.rssPerSocketKB / Math.max(0.01, plain.rssPerSocketKB))
const heapRatio = round(roomcast.heapPerSocketKB / Math.max(0.01, plain.heapPerSocketKB))
const targets = {
  deliveriesPerSecond:
    roomcast.steady.deliveriesPerSecond >= 100_000 || roomcast.burst.deliveriesPerSecond >= 100_000,
  p99: roomcast.steady.p99Ms <= 50,
  p99VersusPlain: p99VersusPlain >= 5,
  rssPerSocket: roomcast.rssPerSocketKB <= 20,
  rssVersusPlain: rssRatio <= 1.5,
  heapVersusPlain: heapRatio <= 1.5,
  versusPlain: ratio >= 2,
}
console.log(`roomcast / plain burst throughput: ${ratio}x`)
console.log(
  `RSS per idle socket: roomcast ${roomcast.rssPerSocketKB} KB, plain ws ${plain.rssPerSocketKB} KB: ${rssRatio}x (target ≤ 1.5x)`,
)
console.log(
  `heap per idle socket: roomcast ${roomcast.heapPerSocketKB} KB, plain ws ${plain.heapPerSocketKB} KB: ${heapRatio}x (target ≤ 1.5x)`,
)
if (twoOnRedis)
  console.log(
    `1 process vs 2 on redis, steady ${RATE}/s to ${N}: ${roomcast.steady.deliveriesPerSecond} vs ${twoOnRedis.steady.deliveriesPerSecond} deliveries/s, ` +
      `p99 ${roomcast.steady.p99Ms} vs ${twoOnRedis.steady.p99Ms} ms, server CPU a delivery ${roomcast.steady.serverCpuUsPerDelivery} vs ${twoOnRedis.steady.serverCpuUsPerDelivery} µs (+ redis ${twoOnRedis.steady.redisCpuUsPerDelivery} µs)`,
  )
console.log(
  `steady p99: roomcast ${roomcast.steady.p99Ms} ms (target ≤ 50), plain ws ${plain.steady.p99Ms} ms: ${p99VersusPlain}x lower (target ≥ 5x)${raw ? `; raw writes ${raw.steady.p99Ms} ms` : ''}`,
)
const loadAfter = load()
console.log(`load average before ${loadBefore}, after ${loadAfter}`)
console.log(
  JSON.stringify({
    bench: 'realtime',
    N,
    rate: RATE,
    roomcast,
    twoOnRedis,
    plain,
    raw,
    ratio,
    rssRatio,
    heapRatio,
    p99VersusPlain,
    load: { before: loadBefore, after: loadAfter },
    targets,
  }),
)
process.exit(0)
