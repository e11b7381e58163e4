import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyCookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import fastifyWebsocket from '@fastify/websocket'
import Fastify, { type FastifyInstance } from 'fastify'
import { loadSecret } from './auth/secrets'
import { createTokens } from './auth/tokens'
import type { ServerConfig } from './config'
import { installErrorHandler, installNotFound } from './http/errors'
import { registerBoard } from './board'
import { Hub } from './realtime/hub'
import { serveSocket } from './realtime/socket'
import { configRoutes } from './routes/config'
import { roomRoutes } from './routes/room'
import { openDb, type Db } from './store/db'
import { migrate } from './store/migrations'

export interface App {
  readonly fastify: FastifyInstance
  readonly db: Db
  readonly hub: Hub
  close(): Promise<void>
}

export interface BuildOptions extends Partial<ServerConfig> {
  /** An in-memory database (tests). */
  readonly memory?: boolean
  readonly logger?: boolean
  readonly now?: () => number
}

/** Builds the whole server: database, REST API, realtime service and the built client. */
export async function buildApp(options: BuildOptions = {}): Promise<App> {
  const now = options.now ?? Date.now
  const appId = options.appId ?? 'roomcast'
  const db = await openDb({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    memory: options.memory,
  })
  await migrate(db)
  const tokens = createTokens(await loadSecret(db, process.env.ROOMCAST_SECRET), now)
  const hub = new Hub()
  const fastify = Fastify({
    logger: options.logger === false ? false : { level: options.logLevel ?? 'info' },
    bodyLimit: 1024 * 1024,
  })
  installErrorHandler(fastify)
  await fastify.register(fastifyCookie)
  await fastify.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } })
  fastify.get('/rtm', { websocket: true }, (socket) =>
    serveSocket(socket, { hub, tokens, log: fastify.log }),
  )
  configRoutes(fastify, { appId, version: options.version ?? '0.1.0' })
  roomRoutes(fastify, { db, hub, tokens, appId, now, secure: false })
  await registerBoard(fastify, { db, tokens, now, appId })

  const staticDir = options.staticDir
  const spa = Boolean(staticDir && existsSync(join(staticDir, 'index.html')))
  if (staticDir && spa) await fastify.register(fastifyStatic, { root: staticDir, wildcard: false })
  installNotFound(fastify, spa)

  return {
    fastify,
    db,
    hub,
    async close() {
      await fastify.close()
      hub.close()
      await db.close()
    },
  }
}
