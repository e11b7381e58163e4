import { MAX_BOARD_FRAME_BYTES } from '@streams/wire/board'
import fastifyCookie from '@fastify/cookie'
import fastifyFormbody from '@fastify/formbody'
import fastifyMultipart from '@fastify/multipart'
import fastifyWebsocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import { ApiFailure, installErrorHandler } from './errors'
import { refuseHostileInput, websocketErrorHandler } from './refusals'

/**
 * What every route stands on, installed before any route: the error answers, the refusal of
 * hostile input, cookies, forms, uploads (one file of at most `maxUploadBytes`), WebSocket, and
 * the room service answering only for this deployment's app id.
 */
export async function installHttp(
  fastify: FastifyInstance,
  { appId, maxUploadBytes }: { appId: string; maxUploadBytes: number },
): Promise<void> {
  installErrorHandler(fastify)
  fastify.addHook('preHandler', refuseHostileInput)
  await fastify.register(fastifyCookie)
  await fastify.register(fastifyFormbody)
  await fastify.register(fastifyMultipart, {
    limits: { fileSize: maxUploadBytes, files: 1, fields: 10 },
  })
  await fastify.register(fastifyWebsocket, {
    // The board's limit, its largest: the realtime and SFU sockets refuse bigger frames themselves.
    options: { maxPayload: MAX_BOARD_FRAME_BYTES },
    errorHandler: websocketErrorHandler,
  })
  fastify.addHook('preHandler', async (request) => {
    const params = request.params as { appId?: string } | undefined
    if (
      request.url.startsWith('/api/s1/serve/') &&
      params?.appId !== undefined &&
      params.appId !== appId
    )
      throw new ApiFailure(404, `unknown app '${params.appId}'`, { status: 404 })
  })
}
