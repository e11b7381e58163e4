import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalBus } from '../../../src/server/realtime/bus'
import { RedisBus } from '../../../src/server/realtime/redis-bus'
import { healthRoutes } from '../../../src/server/routes/health'
import { freePort } from '../cluster-backing'
import { redisBin, startRedis } from '../redis'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const bin = redisBin()
let redis: Awaited<ReturnType<typeof startRedis>> | undefined

beforeAll(async () => {
  if (bin) redis = await startRedis(bin, freePort())
})
afterAll(() => redis?.close())

describe.skipIf(!bin)('the Redis bus between processes', () => {
  it('what a process that died held is taken back by the others (its members leave the count)', async () => {
    const log = { info: () => undefined, error: () => undefined }
    const prefix = `dead${Date.now()}:`
    const dying = new RedisBus({ url: redis!.url, prefix, log, heartbeatMs: 100 })
    const living = new RedisBus({ url: redis!.url, prefix, log, heartbeatMs: 100 })
    await Promise.all([dying.start(), living.start()])
    const heard: string[] = []
    const listener = {
      channelFrame: () => undefined,
      countChanged: (channel: string) => heard.push(channel),
      removeFromChannel: () => undefined,
      loggedInElsewhere: () => undefined,
      toUids: () => undefined,
    }
    dying.attach(listener, () => [])
    living.attach(listener, () => [])
    dying.loggedIn('71')
    dying.joined('hall', '71')
    living.joined('hall', '72')
    await living.listening('hall')
    while ((await living.count('hall')) !== 2) await sleep(20)
    // A crash: no goodbye, no more heartbeats.
    const parts = dying as unknown as {
      liveness: { heartbeat: NodeJS.Timeout }
      link: { pub: { disconnect(): void } }
    }
    clearInterval(parts.liveness.heartbeat)
    parts.link.pub.disconnect()
    while ((await living.count('hall')) !== 1) await sleep(50)
    expect(await living.members('hall', 0)).toEqual(['72'])
    expect(await living.online(['71'])).toEqual([false])
    while (!heard.includes('hall')) await sleep(20)
    await living.close()
    await dying.close()
  })
})

describe('health', () => {
  it('GET /api/health of one process without Redis says local and ok', async () => {
    const app = Fastify()
    await app.register(healthRoutes, { bus: () => new LocalBus().status(), sessions: () => 3 })
    const answer = await app.inject({ method: 'GET', url: '/api/health' })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({
      status: 'ok',
      realtime: { bus: { kind: 'local', connected: true }, sessions: 3 },
    })
    await app.close()
  })
})
