// `npm start`: builds the client and the server when missing or older than their sources, then
// runs the built server (REST API, realtime service, built app, embedded database) with Node
// alone, in this process's stead (docs/server.md "Where an idle server's memory goes").
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { buildClient, clientStale } from './build-client.mjs'
import { buildServer, serverOut, serverStale } from './build-server.mjs'
import { serverEnv } from './server-env.mjs'

const root = new URL('..', import.meta.url).pathname

if (clientStale()) {
  console.log('Building the client…')
  const status = buildClient()
  if (status !== 0) process.exit(status)
}

if (serverStale()) {
  console.log('Building the server…')
  await buildServer()
}

// WORKERS=N (or `npm run start:cluster`, one per core unless WORKERS says): N processes on one
// port sharing PostgreSQL and Redis (docs/server.md "Several processes"); by default one process.
const clustered = process.argv.includes('--cluster') || Number(process.env.WORKERS ?? 1) > 1
const entry = join(serverOut, clustered ? 'cluster.js' : 'main.js')
// The environment of scripts/server-env.mjs (malloc tunables), which the workers inherit.
const server = spawn(process.execPath, [entry], {
  cwd: root,
  env: serverEnv(),
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
