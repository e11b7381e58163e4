import cluster from 'node:cluster'
import { buildApp } from './app'
import { configFromEnv } from './config'
import type { Deps } from './deps'

/** What runs the live (and the recordings): one line, two where Agora pushes the live. */
const liveLines = (deps: Deps) => {
  const broadcasts = deps.broadcasts.describe()
  const live = deps.live.describe()
  return live === broadcasts ? broadcasts : `${broadcasts}\n  ${live}`
}

const config = configFromEnv()
const app = await buildApp(config)
const address = await app.fastify.listen({ host: config.host, port: config.port })
const url = address.replace('[::1]', 'localhost')
app.fastify.log.info(`roomcast is running at ${url}`)
// The one line a person starting the product needs (the primary says it for all workers).
if (cluster.isWorker) process.send?.({ ready: url })
else
  process.stdout.write(
    `\n  roomcast is ready: open ${url}\n  ${app.media.describe()}\n  ${liveLines(app.deps)}\n  ${app.deps.ingest.describe()}\n\n`,
  )

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
