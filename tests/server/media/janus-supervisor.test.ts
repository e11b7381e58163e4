import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Janode from 'janode'
import { filter, firstValueFrom, map } from 'rxjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JanusLink } from '../../../src/server/media/janus/link'
import { locateJanus } from '../../../src/server/media/janus/locate'
import { JanusSupervisor, type JanusEndpoint } from '../../../src/server/media/janus/supervisor'
import { until } from './werift-peer'

const lines: string[] = []
const log = {
  info: (m: string) => lines.push(m),
  warn: (m: string) => lines.push(m),
  error: (m: string) => lines.push(m),
}

describe('the Janus supervisor', () => {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-janus-'))
  const install = locateJanus()
  let supervisor: JanusSupervisor
  let endpoint: JanusEndpoint
  let link: JanusLink

  beforeAll(async () => {
    if (!install)
      throw new Error('Janus is not installed (apt-get install janus): .ci/run installs it')
    supervisor = new JanusSupervisor({ install, dir, log, healthEveryMs: 500 })
    endpoint = await supervisor.start()
    link = new JanusLink(
      supervisor.state$.pipe(map((s) => (s.kind === 'up' ? s.endpoint : null))),
      log,
      'local',
    )
    await firstValueFrom(link.state$.pipe(filter((s) => s.up)))
  })

  afterAll(async () => {
    await link?.close()
    await supervisor?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('generates its config: only our transport and plugin, on loopback, secrets readable by us only', () => {
    const conf = join(dir, 'conf')
    expect(readdirSync(join(conf, 'plugins'))).toEqual(['libjanus_videoroom.so'])
    expect(readdirSync(join(conf, 'transports'))).toEqual(['libjanus_websockets.so'])
    const ws = readFileSync(join(conf, 'janus.transport.websockets.jcfg'), 'utf8')
    expect(ws).toMatch(/ws_ip = "127\.0\.0\.1"/)
    expect(ws).toMatch(/admin_ws_ip = "127\.0\.0\.1"/)
    expect(endpoint.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    const main = join(conf, 'janus.jcfg')
    expect(readFileSync(main, 'utf8')).toContain(endpoint.adminSecret!)
    expect(statSync(main).mode & 0o077).toBe(0)
  })

  it('keeps the secrets off the command line and out of its logs', () => {
    const cmdline = readFileSync(`/proc/${supervisor.pid}/cmdline`, 'utf8')
    const secrets = [endpoint.adminSecret!, endpoint.token!.split(':')[1]!]
    for (const secret of secrets) {
      expect(cmdline).not.toContain(secret)
      for (const line of lines) expect(line).not.toContain(secret)
      expect(readFileSync(join(dir, 'janus.log'), 'utf8')).not.toContain(secret)
    }
  })

  it('refuses a Janus API request without its token', async () => {
    const connection = await Janode.connect({ address: { url: endpoint.url }, max_retries: 0 })
    connection.on(Janode.EVENT.CONNECTION_ERROR, () => undefined)
    try {
      await expect(connection.create()).rejects.toThrow(/unauthorized/i)
    } finally {
      await connection.close().catch(() => undefined)
    }
  })

  it('restarts Janus after a crash, and the link comes back with a new session', async () => {
    const before = supervisor.pid!
    const generation = link.current.generation
    process.kill(before, 'SIGKILL')
    await firstValueFrom(supervisor.state$.pipe(filter((s) => s.kind === 'down')))
    await firstValueFrom(supervisor.state$.pipe(filter((s) => s.kind === 'up')))
    expect(supervisor.pid).not.toBe(before)
    expect(supervisor.restarts).toBe(1)
    await until(() => link.up && link.current.generation > generation, 30_000, 'the link back up')
    await expect(link.attach()).resolves.toMatchObject({ generation: link.current.generation })
  })

  it('restarts a Janus that stops answering its health check', async () => {
    const before = supervisor.pid!
    process.kill(before, 'SIGSTOP')
    try {
      await until(
        () =>
          supervisor.pid !== undefined &&
          supervisor.pid !== before &&
          supervisor.current.kind === 'up',
        25_000,
        'a new Janus',
      )
    } finally {
      try {
        process.kill(before, 'SIGKILL')
      } catch {
        // Already gone.
      }
    }
    expect(lines.some((l) => l.includes('missed two health checks'))).toBe(true)
  })

  it('a server killed with SIGKILL (no exit handler runs) takes its Janus along', async () => {
    const holderDir = mkdtempSync(join(tmpdir(), 'roomcast-janus-holder-'))
    const holder = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./janus-holder.ts', import.meta.url)), holderDir],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    try {
      let said = ''
      holder.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()))
      await until(() => /janus \d+\n/.test(said), 60_000, 'the holder’s Janus')
      const janus = Number(/janus (\d+)/.exec(said)![1])
      expect(running(janus)).toBe(true)
      holder.kill('SIGKILL')
      await until(() => !running(janus), 10_000, 'Janus gone after its server')
    } finally {
      holder.kill('SIGKILL')
      rmSync(holderDir, { recursive: true, force: true })
    }
  })

  it('stops Janus with the server and removes its config (and secrets)', async () => {
    const pid = supervisor.pid!
    await supervisor.stop()
    expect(running(pid)).toBe(false)
    expect(existsSync(join(dir, 'conf'))).toBe(false)
    expect(supervisor.current.kind).toBe('stopped')
  })
})

/** Whether a process is alive (a zombie, dead and not yet reaped, is not). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}
