import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import type { Tokens } from '../auth/tokens'
import { LOCAL_TOPICS, type Topics } from '../realtime/bus'
import type { Db } from '../store/db'
import { boardFileRoutes } from './routes'
import { BoardService } from './service'
import { serveBoardSocket } from './socket'
import { migrateBoard } from '../store/boards'

export { BoardService } from './service'

const services = new WeakMap<FastifyInstance, BoardService>()

/** The board service of a built server (for the room routes and tests). */
export function boardServiceOf(app: FastifyInstance): BoardService | undefined {
  return services.get(app)
}

/** Where the drawing surface loads its fonts from: this server, never a CDN. */
export const BOARD_ASSET_PREFIX = '/board-assets/'

/**
 * The local whiteboard on the server: its tables, the sync socket `/board/{boardId}`, the
 * document centre and the board fonts. Answers the service, whose `grantChanged` the room
 * routes call after a grant, a revoke or the end of a share.
 */
export async function registerBoard(
  app: FastifyInstance,
  options: { db: Db; tokens: Tokens; now: () => number; appId: string; topics?: Topics },
): Promise<BoardService> {
  await migrateBoard(options.db)
  const deps = {
    db: options.db,
    tokens: options.tokens,
    now: options.now,
    topics: options.topics ?? LOCAL_TOPICS,
    log: app.log,
  }
  const service = new BoardService(deps)
  services.set(app, service)
  app.get('/board/:boardId', { websocket: true }, (socket, request) =>
    serveBoardSocket(socket, (request.params as { boardId: string }).boardId, {
      service,
      now: options.now,
      log: app.log,
    }),
  )
  await boardFileRoutes(app, { ...deps, service })
  const require = createRequire(import.meta.url)
  await app.register(fastifyStatic, {
    root: join(dirname(require.resolve('@excalidraw/excalidraw')), 'fonts'),
    prefix: `${BOARD_ASSET_PREFIX}fonts/`,
    decorateReply: false,
    maxAge: '7d',
  })
  app.addHook('onClose', () => service.close())
  return service
}
