/**
 * `npm run bench:idle`: the memory of an idle server with the embedded database, as `npm start`
 * runs it (built, Node alone, in the environment of scripts/server-env.mjs) beside the same server
 * run through the TypeScript loader in the caller's environment (as `npm start` ran it before),
 * in the same run. Each starts on a data folder made by an earlier
 * start (a restart, as a deployment runs), serves the built client and /api/config once, idles
 * `IDLE_SECONDS` (5), collects garbage, and is measured: RSS, and where it goes (the JavaScript
 * heap, PGlite's WebAssembly memory, compiled code, files mapped). Our own Janus, when the media
 * engine starts one, is a process of its own and counted apart. The last line is one JSON object.
 */
import { spawn, execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildClient, clientStale } from '../../scripts/build-client.mjs'
import { buildServer, serverOut, serverStale } from '../../scripts/build-server.mjs'
import { serverEnv } from '../../scripts/server-env.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 5)
const TARGET_MB = 200
const report = fileURLToPath(new URL('./support/memory-report.mjs', import.meta.url))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const MB = 1024 * 1024
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10

if (serverStale()) await buildServer()
// The client as its sources are now (built again when any is newer than dist/).
if (!process.env.STATIC_DIR && clientStale() && buildClient() !== 0)
  throw new Error('the client did not build')
/** The built client served (`STATIC_DIR` names another build). */
const built = process.env.STATIC_DIR ?? join(root, 'dist')
const staticDir = existsSync(join(built, 'index.html')) ? built : ''

/** How each variant starts: its Node arguments, and whether in `npm start`'s environment. */
const variants = {
  built: { args: [join(serverOut, 'main.js')], npmStart: true },
  tsx: { args: ['--import', 'tsx', join(root, 'src/server/main.ts')], npmStart: false },
} as const

/** kB fields of /proc/PID/status. */
function status(pid: number): Record<string, number> {
  const fields: Record<string, number> = {}
  for (const line of readFileSync(`/proc/${pid}/status`, 'utf8').split('\n')) {
    const m = /^(\w+):\s+(\d+) kB/.exec(line)
    if (m) fields[m[1]!] = Number(m[2]) * 1024
  }
  return fields
}

/**
 * RSS of WebAssembly memory: V8 reserves it as one region of many GB, of which the part in use is
 * readable and writable and the rest, right after it, a guard of no access.
 */
function wasmRss(pid: number): number {
  const maps: { start: number; end: number; perms: string; anon: boolean; rss: number }[] = []
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line)
    if (head) {
      const [start, end] = [parseInt(head[1]!, 16), parseInt(head[2]!, 16)]
      maps.push({ start, end, perms: head[3]!, anon: head[4] === '', rss: 0 })
      continue
    }
    const m = /^Rss:\s+(\d+) kB/.exec(line)
    if (m && maps.length > 0) maps[maps.length - 1]!.rss = Number(m[1]) * 1024
  }
  let rss = 0
  for (let i = 0; i + 1 < maps.length; i++) {
    const [used, guard] = [maps[i]!, maps[i + 1]!]
    if (used.anon && used.perms.startsWith('rw') && guard.start === used.end)
      if (guard.perms.startsWith('---') && guard.end - guard.start >= 1024 * MB) rss += used.rss
  }
  return rss
}

function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}

function freePort(): number {
  return Number(execFileSync(process.execPath, [join(root, 'scripts/free-port.mjs')]).toString())
}

/** Starts the server, resolves once it says it is ready. */
async function start(
  variant: (typeof variants)[keyof typeof variants],
  dataDir: string,
  reportFile: string,
) {
  const port = freePort()
  const proc = spawn(process.execPath, ['--expose-gc', '--import', report, ...variant.args], {
    cwd: root,
    env: {
      ...(variant.npmStart ? serverEnv() : process.env),
      // Gone with this bench, however it ends (src/server/parent.ts).
      EXIT_WITH_PARENT: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
      MEMORY_REPORT: reportFile,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error('no ready line in 180 s')), 180_000)
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('roomcast is ready')) {
        clearTimeout(timer)
        resolve()
      }
    })
    proc.once('exit', (code) => reject(new Error(`the server exited (${code})`)))
  })
  proc.stdout!.resume()
  const stop = () =>
    new Promise<void>((resolve) => {
      proc.once('exit', () => resolve())
      proc.kill('SIGTERM')
    })
  return { proc, port, stop }
}

async function measure(name: keyof typeof variants) {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-idle-'))
  const reportFile = join(dataDir, 'memory.json')
  try {
    // The first start makes the database (initdb); the measured one is a restart on it.
    await (await start(variants[name], dataDir, reportFile)).stop()
    const server = await start(variants[name], dataDir, reportFile)
    const base = `http://127.0.0.1:${server.port}`
    await (await fetch(`${base}/`)).text()
    await (await fetch(`${base}/api/config`)).text()
    await sleep(IDLE_SECONDS * 1000)
    const pid = server.proc.pid!
    server.proc.kill('SIGUSR2')
    for (let i = 0; i < 100 && !existsSync(reportFile); i++) await sleep(100)
    await sleep(300)
    const inside = JSON.parse(readFileSync(reportFile, 'utf8')) as Record<string, number>
    const st = status(pid)
    const janus = children(pid).reduce((sum, child) => sum + (status(child).VmRSS ?? 0), 0)
    const figures = {
      rssMB: mb(st.VmRSS ?? 0),
      peakMB: mb(st.VmHWM ?? 0),
      anonMB: mb(st.RssAnon ?? 0),
      filesMB: mb(st.RssFile ?? 0),
      heapUsedMB: mb(inside.heapUsed!),
      heapCommittedMB: mb(inside.heapCommitted!),
      externalMB: mb(inside.external!),
      wasmMemoryMB: mb(wasmRss(pid)),
      bytecodeMB: mb(inside.bytecodeAndMetadata!),
      codeMB: mb(inside.codeAndMetadata!),
      mallocMB: mb(inside.mallocedMemory!),
      childProcessesMB: mb(janus),
    }
    await server.stop()
    return figures
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

console.log(
  `idle bench: one server process, embedded database, ${staticDir ? 'built client served' : 'no built client (run vite build)'}, idle ${IDLE_SECONDS} s, after a GC`,
)
const results: Record<string, Awaited<ReturnType<typeof measure>>> = {}
for (const name of Object.keys(variants) as (keyof typeof variants)[]) {
  const r = (results[name] = await measure(name))
  console.log(
    `${name.padEnd(6)} RSS ${r.rssMB} MB (peak ${r.peakMB}; anonymous ${r.anonMB}, files ${r.filesMB}): ` +
      `JS heap ${r.heapUsedMB} used / ${r.heapCommittedMB} committed, PGlite WebAssembly memory ${r.wasmMemoryMB} resident ` +
      `(external ${r.externalMB}), code ${r.codeMB}, bytecode ${r.bytecodeMB}, malloc ${r.mallocMB}; child processes ${r.childProcessesMB} MB`,
  )
}
const now = results.built!
const before = results.tsx!
console.log(
  `npm start (built) ${now.rssMB} MB vs through the TypeScript loader ${before.rssMB} MB: ` +
    `${Math.round((now.rssMB / before.rssMB) * 100) / 100}x; target ≤ ${TARGET_MB} MB: ${now.rssMB <= TARGET_MB ? 'met' : 'not met'}`,
)
console.log(
  JSON.stringify({ bench: 'idle', idleSeconds: IDLE_SECONDS, results, targetMB: TARGET_MB }),
)
process.exit(0)
