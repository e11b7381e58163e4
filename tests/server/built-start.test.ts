import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer, serverOut } from '../../scripts/build-server.mjs'
import { Client, ROOM, RtmClient, type TestServer } from './harness'

/** `npm start` runs the server built (scripts/build-server.mjs), with Node alone. */
const out = join(serverOut, `test-${process.pid}`)
const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-built-'))
const port = Number(execFileSync(process.execPath, ['scripts/free-port.mjs']).toString().trim())
let proc: ChildProcess | undefined

beforeAll(async () => {
  await buildServer(['src/server/main.ts', 'src/server/cluster.ts'], out)
})
afterAll(async () => {
  if (proc && proc.exitCode === null) {
    const gone = new Promise((r) => proc!.once('exit', r))
    proc.kill('SIGTERM')
    await gone
  }
  rmSync(out, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the built server (npm start)', () => {
  it('starts on the embedded database without the TypeScript loader and serves REST and realtime', async () => {
    proc = spawn(process.execPath, [join(out, 'main.js')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: '',
        LOG_LEVEL: 'warn',
        MEDIA: 'mesh',
        RTMP_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let said = ''
    proc.stdout!.on('data', (c: Buffer) => (said += c.toString()))
    proc.stderr!.on('data', (c: Buffer) => (said += c.toString()))
    while (!said.includes('roomcast is ready')) {
      if (proc.exitCode !== null) throw new Error(said)
      await new Promise((r) => setTimeout(r, 100))
    }
    const server = { url: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}/rtm` }
    const entry = (userName: string, role: number) =>
      new Client(server.url).post(`${ROOM}room/entry`, {
        roomName: 'built',
        userName,
        roomType: 2,
        role,
        password: 'pw',
      })
    const host = (await entry('Hal', 1)).body.data
    const guest = (await entry('Gus', 2)).body.data
    const rtm = (who: any) =>
      RtmClient.join(server as TestServer, { me: who.me, room: who.roomInfo } as any)
    const hostRtm = await rtm(host)
    const guestRtm = await rtm(guest)
    const channel = host.roomInfo.channelName
    const text = JSON.stringify({
      cmd: 1,
      version: 1,
      timestamp: 1,
      data: { userId: host.me.userId, userName: 'Hal', message: 'built' },
    })
    expect(await hostRtm.request({ t: 'channelMessage', channel, text })).toMatchObject({
      t: 'ack',
    })
    await guestRtm.message(1, (m) => m.data.message === 'built')
    hostRtm.close()
    guestRtm.close()
  }, 180_000)

  it('the built cluster entry refuses WORKERS=2 without DATABASE_URL, with the reason', () => {
    const run = spawnSync(process.execPath, [join(out, 'cluster.js')], {
      env: { ...process.env, WORKERS: '2', DATABASE_URL: '', REDIS_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status).toBe(2)
    expect(run.stderr).toMatch(/WORKERS=2 needs DATABASE_URL/)
  })
})
