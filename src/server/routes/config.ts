import type { FastifyInstance } from 'fastify'
import { ClientConfigSchema } from '../../../streams/wire/rest/room'
import { Answer } from '../../../streams/wire/rest/envelope'
import { ok } from '../http/errors'

/** What the client must know first: the mode and the app id of the REST paths. */
export function configRoutes(
  app: FastifyInstance,
  config: { appId: string; version: string },
): void {
  app.get('/api/config', { schema: { response: { 200: Answer(ClientConfigSchema) } } }, async () =>
    ok({ mode: 'local' as const, appId: config.appId, version: config.version }),
  )
}
