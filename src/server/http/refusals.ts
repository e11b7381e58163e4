import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { ApiFailure } from './errors'

/** The envelope of a refusal that never reaches a route. */
const envelope = (status: number, msg: string) => ({ code: status, msg, data: null })

/**
 * Fastify's own refusals in the `{ code, msg, data }` envelope: a malformed URL (400), a path
 * parameter over the router's length limit (414), and what Node's HTTP parser refuses before
 * any route (a header block over its limit, 431; a malformed request, 400; a timeout, 408).
 */
export const refusalOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> =
  {
    frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400
      const msg = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'the path is too long' : 'bad URL'
      void reply.code(status).send(envelope(status, msg))
    },
    clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return
      const status =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? 431
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? 408
            : 400
      const body = JSON.stringify(
        envelope(status, status === 431 ? 'the request headers are too large' : 'bad request'),
      )
      if (socket.writable)
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
        )
      socket.destroy(error)
    },
  }

/** The first value no handler should see: a string with a NUL, or a number beyond 2^53. */
function hostile(
  value: unknown,
  path: string,
  depth = 0,
): { field: string; reason: string } | null {
  if (typeof value === 'string')
    return value.includes('\u0000') ? { field: path, reason: 'nul' } : null
  if (typeof value === 'number')
    return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER
      ? null
      : { field: path, reason: 'range' }
  if (typeof value !== 'object' || value === null || depth > 32 || Buffer.isBuffer(value))
    return null
  for (const [key, child] of Object.entries(value)) {
    const found = hostile(child, path ? `${path}.${key}` : key, depth + 1)
    if (found) return found
  }
  return null
}

/**
 * Refuses, before any handler, a NUL byte in any string of the path, query or body (the database
 * cannot store one) and a number that is not finite or beyond 2^53 (1e309, 2^64: no column and no
 * safe integer holds it): 400 in the envelope, naming the field.
 */
export async function refuseHostileInput(request: FastifyRequest): Promise<void> {
  const found =
    hostile(request.params, '') ?? hostile(request.query, '') ?? hostile(request.body, '')
  if (!found) return
  const what = found.reason === 'nul' ? 'must not contain a NUL character' : 'is out of range'
  throw new ApiFailure(400, `params: ${found.field || 'body'} ${what}`, {
    status: 400,
    field: found.field,
    reason: found.reason,
  })
}

/**
 * Errors on an open WebSocket. What ws refuses of a client's frames itself (over `maxPayload`,
 * text that is not UTF-8, a bad opcode: codes `WS_ERR_*`) is the client's fault, and ws has sent
 * its close code (1009, 1007, 1002) already: logged at info, not as a server error, so a hostile
 * client cannot fill the error log. Anything else is the server's, logged as an error.
 */
export function websocketErrorHandler(
  error: Error & { code?: unknown },
  socket: { terminate(): void },
  request: FastifyRequest,
): void {
  if (typeof error.code === 'string' && error.code.startsWith('WS_ERR_'))
    request.log.info({ code: error.code }, 'websocket frame refused')
  else request.log.error(error)
  socket.terminate()
}
