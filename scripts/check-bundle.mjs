// The first-load budget of the built client: the JS /login and /home need before their screen
// shows (the entry chunk, its static imports, and the screen's chunk with its static imports)
// is at most 150 KB gzip, and holds no SDK. Run after `vite build` (dist/.vite/manifest.json).
import { readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const root = new URL('..', import.meta.url).pathname
const dist = join(root, process.env.DIST_DIR ?? 'dist')
const BUDGET = 150 * 1024
const SDKS = ['agora-rtc-sdk-ng', 'agora-rtm-sdk', 'white-web-sdk', '@netless/']
const ROUTES = {
  '/login': 'src/web/screens/login/LoginScreen.tsx',
  '/home': 'src/web/screens/home/HomeScreen.tsx',
}

const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`check-bundle: ${manifestPath} missing; run vite build first`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
if (!entry) throw new Error('check-bundle: no entry in the manifest')

/** The chunk keys a chunk needs before it runs: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen
  const chunk = manifest[key]
  if (!chunk) throw new Error(`check-bundle: ${key} is not in the manifest`)
  seen.add(key)
  for (const next of chunk.imports ?? []) closure(next, seen)
  return seen
}

function sdkSources(file) {
  const map = join(dist, `${file}.map`)
  if (!existsSync(map)) return []
  const { sources = [] } = JSON.parse(readFileSync(map, 'utf8'))
  return sources.filter((source) => SDKS.some((sdk) => source.includes(`node_modules/${sdk}`)))
}

let failed = false
const report = {}
for (const [route, screen] of Object.entries(ROUTES)) {
  if (!manifest[screen]) throw new Error(`check-bundle: ${screen} is not a chunk of its own`)
  const keys = closure(screen, closure(entry))
  let total = 0
  const files = []
  for (const key of keys) {
    const file = manifest[key].file
    if (!file.endsWith('.js')) continue
    const gzip = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
    total += gzip
    files.push({ file, gzip })
    const sdk = sdkSources(file)
    if (sdk.length > 0) {
      console.error(`✖ ${route}: ${file} holds an SDK (${sdk[0]})`)
      failed = true
    }
  }
  files.sort((a, b) => b.gzip - a.gzip)
  for (const { file, gzip } of files)
    console.log(`  ${route}  ${(gzip / 1024).toFixed(1).padStart(6)} KB  ${file}`)
  const ok = total <= BUDGET
  console.log(
    `${ok ? '✔' : '✖'} ${route}: first JS ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET / 1024} KB)`,
  )
  if (!ok) failed = true
  report[route] = Math.round(total / 102.4) / 10
}
console.log(JSON.stringify({ firstLoadKbGzip: report, budgetKb: BUDGET / 1024 }))
process.exit(failed ? 1 : 0)
