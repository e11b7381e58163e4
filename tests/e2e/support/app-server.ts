import { resolve } from 'node:path'
import { buildApp, type App } from '../../../src/server/app'
import type { Settings } from '../../../src/server/config'

/**
 * A server in the test's own process (an in-memory database, the built app), for a spec that
 * needs other settings than the run's server. Close it in afterAll.
 */
export async function appServer(
  settings: Partial<Settings>,
): Promise<{ app: App; origin: string }> {
  const app = await buildApp({ memory: true, staticDir: resolve('dist'), logger: false, settings })
  await app.fastify.listen({ host: '127.0.0.1', port: 0 })
  const address = app.fastify.server.address()
  if (!address || typeof address === 'string') throw new Error('the test server has no address')
  return { app, origin: `http://127.0.0.1:${address.port}` }
}
