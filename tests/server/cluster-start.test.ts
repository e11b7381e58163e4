import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { get } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clusterProblem, workersOf } from '../../src/server/cluster-settings'
import { Client, ROOM, RtmClient, type TestServer } from './harness'
import {
  clusterBackingInstalled,
  freePort,
  startClusterBacking,
  type ClusterBacking,
} from './cluster-backing'

/** One answer over a fresh connection (the cluster hands each connection to a worker). */
const healthOnce = (port: number) =>
  new Promise<any>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString()))
      res.on('end', () => resolve(JSON.parse(body)))
    }).on('error', reject)
  })

describe('WORKERS settings', () => {
  it('reads a count or auto, and refuses what cannot share state', () => {
    expect(workersOf('3')).toBe(3)
    expect(workersOf('auto')).toBeGreaterThan(0)
    expect(() => workersOf('two')).toThrow(/WORKERS must be/)
    expect(clusterProblem(1, {})).toBeUndefined()
    expect(clusterProblem(2, {})).toMatch(/needs DATABASE_URL/)
    expect(clusterProblem(2, { DATABASE_URL: 'postgres://x' })).toMatch(/needs REDIS_URL/)
  })

  it('WORKERS=2 without DATABASE_URL exits at once with the reason', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cluster.ts'], {
      env: { ...process.env, WORKERS: '2', DATABASE_URL: '', REDIS_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status).toBe(2)
    expect(run.stderr).toMatch(/WORKERS=2 needs DATABASE_URL/)
  })
})

let backing: ClusterBacking | undefined
let proc: ChildProcess | undefined
const port = freePort()

beforeAll(async () => {
  backing = await startClusterBacking()
})
afterAll(async () => {
  if (proc && proc.exitCode === null) {
    const gone = new Promise((r) => proc!.once('exit', r))
    proc.kill('SIGTERM')
    await gone
  }
  await backing?.close()
})

describe.skipIf(!clusterBackingInstalled)('npm run start:cluster', () => {
  it('WORKERS=2 runs two processes on one port; members handed to different ones meet', async () => {
    proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/cluster.ts'], {
      env: {
        ...process.env,
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: backing!.databaseUrl,
        REDIS_URL: backing!.redis.url,
        STATIC_DIR: '',
        LOG_LEVEL: 'warn',
        RTMP_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    proc.stdout!.on('data', (c: Buffer) => (out += c.toString()))
    proc.stderr!.on('data', (c: Buffer) => (out += c.toString()))
    while (!out.includes('roomcast is ready with 2 processes')) {
      if (proc.exitCode !== null) throw new Error(out)
      await new Promise((r) => setTimeout(r, 100))
    }
    const pids = new Set<number>()
    for (let i = 0; i < 10 && pids.size < 2; i++) pids.add((await healthOnce(port)).pid)
    expect(pids.size).toBe(2)

    // Realtime connections until both workers hold one: they still meet in one channel.
    const server = { url: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}/rtm` }
    const entry = (userName: string, role: number) =>
      new Client(server.url).post(`${ROOM}room/entry`, {
        roomName: `cluster-${Date.now()}`,
        userName,
        roomType: 2,
        role,
        password: 'pw',
      })
    const host = (await entry('Hal', 1)).body.data
    const sockets: RtmClient[] = []
    const guests: any[] = []
    for (let i = 0; i < 4; i++) {
      const guest = (
        await new Client(server.url).post(`${ROOM}room/entry`, {
          roomName: host.roomInfo.roomName,
          userName: `G${i}`,
          roomType: 2,
          role: 2,
          password: 'pw',
        })
      ).body.data
      guests.push(guest)
      sockets.push(
        await RtmClient.join(server as TestServer, { me: guest.me, room: guest.roomInfo } as any),
      )
    }
    const hostRtm = await RtmClient.join(
      server as TestServer,
      {
        me: host.me,
        room: host.roomInfo,
      } as any,
    )
    const channel = host.roomInfo.channelName
    const members = await hostRtm.request({ t: 'getMembers', channel })
    expect(members.data.members).toHaveLength(5)
    const text = JSON.stringify({
      cmd: 1,
      version: 1,
      timestamp: 1,
      data: { userId: host.me.userId, userName: 'Hal', message: 'all of you' },
    })
    expect(await hostRtm.request({ t: 'channelMessage', channel, text })).toMatchObject({
      t: 'ack',
    })
    for (const socket of sockets) await socket.message(1, (m) => m.data.message === 'all of you')
    for (const socket of [...sockets, hostRtm]) socket.close()
  }, 180_000)
})
