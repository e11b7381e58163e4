import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
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

/** Waits for a started server's ready line; answers what it printed (its output if it exits). */
async function untilReady(child: ChildProcess): Promise<string> {
  let said = ''
  child.stdout!.on('data', (c: Buffer) => (said += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (said += c.toString()))
  while (!said.includes('roomcast is ready')) {
    if (child.exitCode !== null) throw new Error(said)
    await new Promise((r) => setTimeout(r, 100))
  }
  return said
}

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
    await untilReady(proc)
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

  it('with EXIT_WITH_PARENT=1 (npm start, the e2e runner, the benches) it stops with the process that started it, even one killed with SIGKILL, and its Janus with it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'roomcast-orphan-'))
    const env = { ...serverEnv(dir), MEDIA: 'sfu', EXIT_WITH_PARENT: '1' }
    // The parent: starts the server, says its pid, and waits.
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('node:child_process').spawn(process.execPath, [${JSON.stringify(join(out, 'main.js'))}], { stdio: ['ignore', 'inherit', 'inherit'] });` +
          "console.log('server ' + c.pid); setInterval(() => {}, 60000)",
      ],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let server: number | undefined
    try {
      const said = await untilReady(parent)
      server = Number(/server (\d+)/.exec(said)![1])
      const janus = janusOf(server)!
      expect([alive(server), alive(janus)]).toEqual([true, true])
      parent.kill('SIGKILL')
      const end = Date.now() + 15_000
      while ((alive(server) || alive(janus)) && Date.now() < end)
        await new Promise((r) => setTimeout(r, 100))
      expect([alive(server), alive(janus)]).toEqual([false, false])
    } finally {
      parent.kill('SIGKILL')
      // Left running only when the test fails: its Janus dies with it (setpriv).
      if (server && alive(server)) process.kill(server, 'SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)

  it('a SIGTERM while it starts (its Janus launched, not yet listening) closes it cleanly, Janus too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'roomcast-early-'))
    const early = spawn(process.execPath, [join(out, 'main.js')], {
      env: { ...serverEnv(dir), MEDIA: 'sfu' },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    try {
      let janus: number | undefined
      const end = Date.now() + 120_000
      while (janus === undefined && early.exitCode === null && Date.now() < end) {
        janus = janusOf(early.pid!)
        if (janus === undefined) await new Promise((r) => setTimeout(r, 20))
      }
      expect(janus).toBeDefined()
      const exited = new Promise<[number | null, string | null]>((r) =>
        early.once('exit', (code, signal) => r([code, signal])),
      )
      early.kill('SIGTERM')
      expect(await exited).toEqual([0, null])
      expect(alive(janus!)).toBe(false)
    } finally {
      early.kill('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    }
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

/** Whether a process is alive (a zombie, dead and not yet reaped, is not). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

/** A server's environment on a free port and its own data folder (the SFU off unless asked). */
function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: execFileSync(process.execPath, ['scripts/free-port.mjs']).toString().trim(),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: '',
    LOG_LEVEL: 'warn',
    MEDIA: 'mesh',
    RTMP_PORT: '0',
  }
}

/** The Janus a server process runs, if any yet. */
function janusOf(server: number): number | undefined {
  try {
    return readFileSync(`/proc/${server}/task/${server}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
      .find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('janus'))
  } catch {
    return undefined
  }
}
