/**
 * One load run of `npm run bench:realtime` against one server (roomcast, two roomcast processes
 * on Redis, plain ws or raw writes): RATE broadcasts a second, then a burst of 50.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import WebSocket from 'ws'
import { createTokens } from '../../src/server/auth/tokens'
import { connectAll, type BenchRedis } from './realtime-connect'
import {
  BURST,
  PROFILE,
  RATE,
  round,
  SECRET,
  sleep,
  STEADY_SECONDS,
  type Kind,
} from './realtime-options'
import type { Stats } from './realtime-procs'
import { CORES, fanOutFloorMs } from './support/cpu'

/** A bench message: its send time (CLOCK_MONOTONIC) and number, which the receivers read. */
function payload(seq: number): string {
  const message = `@T${process.hrtime.bigint()}E#${seq}`
  return JSON.stringify({
    cmd: 1,
    version: 1,
    timestamp: Date.now(),
    data: { userId: 'usender', userName: 'bench', message },
  })
}

/** The broadcasting client: for roomcast a member logged in and joined, as the receivers. */
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

export type LoadResult = Awaited<ReturnType<typeof run>>

/** The steady phase, then the burst, against the server of `kind`; prints and answers figures. */
export async function run(kind: Kind, redis?: BenchRedis) {
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
  if (PROFILE) await server.profile()
  await sleep(STEADY_SECONDS * 1000)
  const steadyStats = await clients.stats()
  const windowSeconds = Number(process.hrtime.bigint() - windowStart) / 1e9
  const steadyCpuUs = (await cpu()) - steadyCpu
  if (PROFILE) {
    mkdirSync(PROFILE, { recursive: true })
    const file = join(PROFILE, `${kind}-steady-${process.pid}.cpuprofile`)
    await server.profile(file)
    console.log(`          the server's CPU profile of the steady window: ${file}`)
  }
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
