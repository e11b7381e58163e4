/**
 * `WORKERS=N npm start` (or `npm run start:cluster`): N server processes on one port, through
 * node:cluster. The primary process accepts the connections and hands each to a worker, round
 * robin; a WebSocket is one TCP connection, so it stays with the worker it was handed to from its
 * upgrade to its close. The workers share the database (DATABASE_URL, PostgreSQL) and the
 * realtime service (REDIS_URL, docs/server.md "Several processes"); a worker that dies is started
 * again.
 */
import cluster, { type Worker } from 'node:cluster'
import { fileURLToPath } from 'node:url'
import { clusterProblem, workersOf } from './cluster-settings'
import { stopWithParent } from './parent'

function primary(): void {
  let n: number
  try {
    n = workersOf(process.env.WORKERS)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(2)
  }
  const problem = clusterProblem(n, process.env)
  if (problem) {
    console.error(problem)
    process.exit(2)
  }
  const env: Record<string, string> = { ROOMCAST_WORKERS: String(n) }
  // Each worker running its own Janus would collide: the SFU over several processes is an
  // external Janus (JANUS_URL); without one, the peer-to-peer mesh (its signalling crosses
  // processes like every realtime message).
  if (!process.env.JANUS_URL && (process.env.MEDIA ?? 'auto') !== 'mesh') {
    process.stdout.write(
      `WORKERS=${n}: media runs as the peer-to-peer mesh (set JANUS_URL for the SFU)\n`,
    )
    env.MEDIA = 'mesh'
  }
  // Built (dist-server/cluster.js, `npm start`) the workers run main.js with Node alone; from
  // the sources, main.ts through the TypeScript loader.
  const built = import.meta.url.endsWith('.js')
  cluster.setupPrimary({
    exec: fileURLToPath(new URL(built ? './main.js' : './main.ts', import.meta.url)),
    execArgv: built || process.execArgv.includes('tsx') ? process.execArgv : ['--import', 'tsx'],
  })
  let stopping = false
  let ready = 0
  const restarts: number[] = []
  const fork = () => {
    const worker: Worker = cluster.fork(env)
    worker.on('message', (message: { ready?: string }) => {
      if (message.ready && ++ready === n)
        process.stdout.write(`\n  roomcast is ready with ${n} processes: open ${message.ready}\n\n`)
    })
  }
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    // A worker that died is started again, unless they keep dying (then the cluster stops).
    const now = Date.now()
    restarts.push(now)
    while (restarts[0]! < now - 60_000) restarts.shift()
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}): starting another`)
    if (restarts.length > 5 * n) {
      console.error('workers keep exiting: stopping')
      process.exit(1)
    }
    setTimeout(fork, 500)
  })
  for (let i = 0; i < n; i++) fork()
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
    setTimeout(() => process.exit(1), 15_000).unref()
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal))
  stopWithParent(() => stop('SIGTERM'))
}

if (cluster.isPrimary) primary()
