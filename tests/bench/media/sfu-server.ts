import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = new URL('../../..', import.meta.url).pathname

/** Our server with MEDIA=sfu as a process of its own (its CPU and its Janus's are measured). */
export interface SfuServer {
  readonly url: string
  readonly pid: number
  /** The Janus our server started. */
  janusPid(): number | undefined
  close(): Promise<void>
}

export async function startSfuServer(staticDir: string): Promise<SfuServer> {
  const port = execFileSync(process.execPath, [join(root, 'scripts/free-port.mjs')])
    .toString()
    .trim()
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'src/server/main.ts')],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: port,
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'roomcast-sfu-bench-')),
        STATIC_DIR: staticDir,
        MEDIA: 'sfu',
        LOG_LEVEL: 'warn',
        EXIT_WITH_PARENT: '1',
      },
    },
  )
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    const ok = await fetch(`${url}/api/config`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (i > 600) throw new Error('the SFU server did not start')
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    pid: child.pid ?? 0,
    janusPid: () => childNamed(child.pid ?? 0, 'janus'),
    async close() {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    },
  }
}

/** A child process of `pid` by its command name. */
function childNamed(pid: number, name: string): number | undefined {
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/)
    for (const c of children.filter(Boolean))
      if (readFileSync(`/proc/${c}/comm`, 'utf8').trim() === name) return Number(c)
  }
  return undefined
}

/** CPU time a process has used (user and system), ms, from /proc. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12])
  return (ticks * 1000) / 100
}
