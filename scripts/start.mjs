// `npm start`: builds the client when it is missing or older than its sources, then runs the
// server (REST API, realtime service, built app, embedded database) in this process's stead.
import { spawnSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const built = join(root, 'dist', 'index.html')

function newest(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let max = 0
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)))
  return max
}

const sources = [
  'src/web',
  'src/adapters',
  'streams',
  'index.html',
  'vite.config.ts',
  'package.json',
].map((p) => join(root, p))
const stale =
  !existsSync(built) ||
  Math.max(...sources.filter(existsSync).map(newest)) > statSync(built).mtimeMs
if (stale) {
  console.log('Building the client…')
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// WORKERS=N (or `npm run start:cluster`, one per core unless WORKERS says): N processes on one
// port sharing PostgreSQL and Redis (docs/server.md "Several processes"); by default one process.
const clustered = process.argv.includes('--cluster') || Number(process.env.WORKERS ?? 1) > 1
const entry = join(root, clustered ? 'src/server/cluster.ts' : 'src/server/main.ts')
const server = spawn(process.execPath, ['--import', 'tsx', entry], {
  cwd: root,
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
