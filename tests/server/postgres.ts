import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Debian's PostgreSQL binaries, when installed (`.ci/run` installs them). */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const version = readdirSync(root).sort().at(-1)
  const bin = version && join(root, version, 'bin')
  return bin && existsSync(join(bin, 'initdb')) ? bin : undefined
}

/**
 * A throwaway PostgreSQL cluster on a free loopback port (trust auth, fsync off): initdb, start,
 * and a `stop()` that removes it. As root it runs as the `postgres` user, as PostgreSQL asks.
 */
export function startPostgres(bin: string, port: number): { url: string; stop(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-pg-'))
  const root = process.getuid?.() === 0
  const pgUser = root ? 'postgres' : undefined
  if (root) {
    const { uid, gid } = userIds('postgres')
    chownSync(dir, uid, gid)
  }
  const run = (command: string, args: string[]) => {
    const [file, argv] = pgUser
      ? ['runuser', ['-u', pgUser, '--', join(bin, command), ...args]]
      : [join(bin, command), args]
    const result = spawnSync(file, argv, { encoding: 'utf8', timeout: 60_000 })
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`)
  }
  run('initdb', ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
  run('pg_ctl', [
    '-D',
    `${dir}/data`,
    '-w',
    '-l',
    `${dir}/log`,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', `${dir}/data`, '-w', '-m', 'immediate', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

function userIds(name: string) {
  const line = execFileSync('getent', ['passwd', name], { encoding: 'utf8' }).split(':')
  return { uid: Number(line[2]), gid: Number(line[3]) }
}
