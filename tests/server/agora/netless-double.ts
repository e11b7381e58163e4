import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request the double received, as sent. */
export interface Heard {
  readonly method: string
  readonly path: string
  readonly headers: IncomingMessage['headers']
  readonly body: unknown
}

/** The data centres Netless documents for its REST API's `region` header. */
const REGIONS = ['cn-hz', 'us-sv', 'sg', 'in-mum', 'gb-lon', 'eu']
const ROLES = ['admin', 'writer', 'reader']

/**
 * Netless's whiteboard REST API on loopback, for unit tests only: `POST /v5/rooms` and
 * `POST /v5/tokens/rooms/{uuid}` check the documented request (the SDK token in the `token`
 * header, a known `region`, a JSON body of the documented fields) and answer the documented 201
 * shapes; anything else is the documented failure, a status with `{ message }`.
 */
export class NetlessDouble {
  readonly heard: Heard[] = []
  /** Set to make the next calls fail like the service does (e.g. 401 for a bad SDK token). */
  failWith: { status: number; message: string } | undefined
  /** Set to answer a room that is not of the documented shape. */
  malformedRoom = false
  private server: Server | undefined
  url = ''

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      let raw = ''
      request.setEncoding('utf8')
      request.on('data', (chunk: string) => (raw += chunk))
      request.on('end', () => {
        const answer = (status: number, body: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' })
          response.end(JSON.stringify(body))
        }
        let body: unknown
        try {
          body = raw ? JSON.parse(raw) : undefined
        } catch {
          return answer(400, { message: 'the body is not JSON' })
        }
        const path = request.url ?? ''
        this.heard.push({ method: request.method ?? '', path, headers: request.headers, body })
        if (this.failWith) return answer(this.failWith.status, { message: this.failWith.message })
        const problem = this.requestProblem(request, body)
        if (problem) return answer(problem.status, { message: problem.message })
        if (path === '/v5/rooms') return answer(201, this.room())
        const token = /^\/v5\/tokens\/rooms\/([A-Za-z0-9]+)$/.exec(path)
        if (token) return answer(201, roomTokenOf(token[1]!, (body as { role: string }).role))
        return answer(404, { message: `no route ${path}` })
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }

  /** Requests to one path. */
  calls(path: string): Heard[] {
    return this.heard.filter((h) => h.path === path)
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }

  private requestProblem(request: IncomingMessage, body: unknown) {
    if (request.method !== 'POST') return { status: 405, message: 'POST only' }
    const token = request.headers.token
    if (typeof token !== 'string' || !token.startsWith('NETLESSSDK_'))
      return { status: 401, message: 'the token header must be an SDK token' }
    if (!REGIONS.includes(String(request.headers.region)))
      return { status: 400, message: 'unknown region' }
    if (!String(request.headers['content-type']).startsWith('application/json'))
      return { status: 400, message: 'Content-Type must be application/json' }
    const fields = (body ?? {}) as Record<string, unknown>
    if (request.url === '/v5/rooms') {
      if (fields.isRecord !== undefined && typeof fields.isRecord !== 'boolean')
        return { status: 400, message: 'isRecord must be a boolean' }
      if (fields.limit !== undefined && !Number.isInteger(fields.limit))
        return { status: 400, message: 'limit must be an integer' }
      return undefined
    }
    if (!Number.isInteger(fields.lifespan) || (fields.lifespan as number) < 0)
      return { status: 400, message: 'lifespan must be an integer of milliseconds' }
    if (!ROLES.includes(String(fields.role)))
      return { status: 400, message: 'role must be admin, writer or reader' }
    return undefined
  }

  private room() {
    const uuid = randomBytes(16).toString('hex')
    if (this.malformedRoom) return { id: uuid }
    return {
      uuid,
      teamUUID: 'RMxxxxx5aw',
      appUUID: 'i54xxxxx1AQ',
      isRecord: false,
      isBan: false,
      createdAt: new Date().toISOString(),
      limit: 0,
    }
  }
}

/** A room token of the documented form (not signed: the double only needs to hand one out). */
function roomTokenOf(uuid: string, role: string): string {
  const code = { admin: '0', writer: '1', reader: '2' }[role] ?? '2'
  const query = `ak=double&nonce=1&role=${code}&sig=00&uuid=${uuid}`
  return `NETLESSROOM_${Buffer.from(query).toString('base64url')}`
}
