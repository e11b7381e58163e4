/**
 * One server of `npm run bench:realtime` started and its N receivers connected, with the
 * server's memory per idle socket measured on the way.
 */
import { join } from 'node:path'
import { buildServer, serverOut } from '../../scripts/build-server.mjs'
import { N, SECRET, SERVER_NODE_ARGS, sleep, type Kind } from './realtime-options'
import { child, processCpuMicros, receivers } from './realtime-procs'

const SERVER = join(serverOut, 'bench', 'realtime-server.js')

/**
 * The bench's servers (roomcast and the plain ones alike) run built, as `npm start` runs the
 * server (scripts/build-server.mjs): Node alone, no TypeScript loader in their memory.
 */
export async function buildBenchServer(): Promise<void> {
  await buildServer(['tests/bench/realtime-server.ts'], join(serverOut, 'bench'))
}

/** A server's answer to 'rss': RSS, its young generation's committed size, the heap in use. */
type Memory = { rss: number; young: number; heap: number }

/** The redis-server of the 2-process run. */
export interface BenchRedis {
  readonly url: string
  readonly pid: number
}

/**
 * Starts the server of `kind` and connects the receivers to it. `redis`: roomcast as two
 * processes sharing the realtime service through a redis-server of the bench's own; the sender
 * and half the receivers on the first, the other half on the second.
 */
export async function connectAll(kind: Kind, redis?: BenchRedis) {
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
    /** Starts a CPU profile of each server; with `file`, stops and writes them (`-1`… after). */
    profile: (file?: string) =>
      Promise.all(
        servers.map((s, i) =>
          s.ask('profile', 'profiled', file ? { file: i ? `${file}-${i}` : file } : {}),
        ),
      ),
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
