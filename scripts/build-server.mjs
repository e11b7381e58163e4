// `node scripts/build-server.mjs`: the server as plain JavaScript in dist-server/ (main.js,
// cluster.js), which `npm start` runs with Node alone. Run through the TypeScript loader instead,
// the server carries the loader and its source maps in memory, and every function object a
// property dictionary for the names the loader keeps (docs/server.md "Where an idle server's
// memory goes"). Dependencies stay in node_modules; only our own code is bundled.
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { newest } from './newest.mjs'
import { pathToFileURL } from 'node:url'

const root = new URL('..', import.meta.url).pathname
export const serverOut = join(root, 'dist-server')

/** Builds `entries` (paths from the repository's root) into `outdir`, one file each. */
export async function buildServer(
  entries = ['src/server/main.ts', 'src/server/cluster.ts'],
  outdir = serverOut,
) {
  const { build } = await import('esbuild')
  await build({
    absWorkingDir: root,
    entryPoints: entries.map((e) => join(root, e)),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: join(root, 'tsconfig.json'),
    // No `keepNames`: a name kept is a property dictionary on every function object made.
    keepNames: false,
    sourcemap: 'linked',
    logLevel: 'warning',
  })
}

/** Whether dist-server/ is missing or older than the server's sources. */
export function serverStale() {
  const built = join(serverOut, 'main.js')
  if (!existsSync(built) || !existsSync(join(serverOut, 'cluster.js'))) return true
  const sources = ['src/server', 'streams', 'package.json', 'tsconfig.json', 'tsconfig.base.json']
  const newestSource = Math.max(
    ...sources
      .map((p) => join(root, p))
      .filter(existsSync)
      .map(newest),
  )
  return newestSource > statSync(built).mtimeMs
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer()
