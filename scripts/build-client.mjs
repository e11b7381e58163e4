// The built client (dist/): whether it is older than its sources, and building it. Used by
// `npm start` and by the benches that serve the client, so that none serves an old build.
import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { newest } from './newest.mjs'

const root = new URL('..', import.meta.url).pathname
export const clientOut = join(root, 'dist')

/** What the client is built from (src/server and src/cli are not in it). */
const SOURCES = [
  'src/web',
  'src/adapters',
  'streams',
  'index.html',
  'vite.config.ts',
  'package.json',
  'public',
]

/** Whether dist/ is missing or older than any of the client's sources. */
export function clientStale() {
  const built = join(clientOut, 'index.html')
  if (!existsSync(built)) return true
  const sources = SOURCES.map((p) => join(root, p)).filter(existsSync)
  return Math.max(...sources.map(newest)) > statSync(built).mtimeMs
}

/** `vite build` into dist/; answers its exit status. */
export function buildClient() {
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  )
  return result.status ?? 1
}
