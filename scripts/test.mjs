// `npm test`: typecheck, lint, unit tests, a production build, then the end-to-end tests in
// Chromium against a server the run starts itself. Stops at the first failing step; the last
// lines printed are the test runner's own summary.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const bin = (name) => join(root, 'node_modules', '.bin', name)
const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['unit tests', bin('vitest'), ['run']],
  ['build', bin('vite'), ['build', '--logLevel', 'warn']],
  ['first-load budget', process.execPath, [join(root, 'scripts', 'check-bundle.mjs')]],
  ['end-to-end tests', bin('playwright'), ['test']],
]
for (const [name, command, args] of steps) {
  const started = Date.now()
  console.log(`\n▶ ${name}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds} s`)
    process.exit(result.status ?? 1)
  }
  // The last step's own summary stays the last thing printed.
  if (name !== steps.at(-1)[0]) console.log(`✔ ${name} (${seconds} s)`)
}
