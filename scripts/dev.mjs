// `npm run dev`: the server (API, realtime, database) plus Vite's hot-reloading dev server
// proxying /api and /rtm to it. Open the URL Vite prints.
import { spawn } from 'node:child_process'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const env = { ...process.env, STATIC_DIR: '' }
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
]
const stop = () => children.forEach((c) => c.kill('SIGTERM'))
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop)
for (const child of children)
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
