import cluster from 'node:cluster'
import { buildApp, type App } from './app'
import { configFromEnv } from './config'
import type { Deps } from './deps'
import { stopWithParent } from './parent'

/** What runs the live (and the recordings): one line, two where Agora pushes the live. */
const liveLines = (deps: Deps) => {
  const broadcasts = deps.broadcasts.describe()
  const live = deps.live.describe()
  return live === broadcasts ? broadcasts : `${broadcasts}\n  ${live}`
}

const config = configFromEnv()
let closing = false

async function start(): Promise<App> {
  const app = await buildApp(config)
  if (closing) return app
  const address = await app.fastify.listen({ host: config.host, port: config.port })
  const url = address.replace('[::1]', 'localhost')
  app.fastify.log.info(`roomcast is running at ${url}`)
  // The one line a person starting the product needs (the primary says it for all workers).
  if (cluster.isWorker) process.send?.({ ready: url })
  else
    process.stdout.write(
      `\n  roomcast is ready: open ${url}\n  ${app.media.describe()}\n  ${liveLines(app.deps)}\n  ${app.deps.ingest.describe()}\n\n`,
    )
  return app
}

const started = start()
/**
 * Closes the app, once started when asked during the start. The signals are taken from the first
 * moment: a SIGTERM's default action (dying at once, no exit handler run) would leave the Janus
 * the start has launched running; a caller that stops the server on its ready line could land it
 * before handlers set after that line.
 */
const stop = () => {
  if (closing) return
  closing = true
  started
    .then((app) => app.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    )
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop)
// A cluster's worker leaves with its primary (node:cluster); a lone server, with its parent when
// EXIT_WITH_PARENT=1.
if (!cluster.isWorker) stopWithParent(stop)
await started
