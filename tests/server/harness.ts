import WebSocket from 'ws'
import { buildApp, type App } from '../../src/server/app'

export interface TestServer {
  readonly app: App
  readonly url: string
  readonly wsUrl: string
  close(): Promise<void>
}

/** A real server on a free loopback port with an in-memory database. */
export async function startServer(): Promise<TestServer> {
  const app = await buildApp({ memory: true, logger: false, staticDir: undefined })
  const address = await app.fastify.listen({ host: '127.0.0.1', port: 0 })
  return {
    app,
    url: address,
    wsUrl: address.replace('http', 'ws') + '/rtm',
    close: () => app.close(),
  }
}

/** A browser-like HTTP client that keeps its session cookie. */
export class Client {
  private cookie = ''
  constructor(private readonly base: string) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(this.base + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const setCookie = response.headers.get('set-cookie')
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? ''
    return {
      status: response.status,
      body: (await response.json()) as { code: number; msg: string; data: any },
    }
  }
}

/** A realtime client speaking the frames of streams/wire/realtime.ts. */
export class RtmClient {
  readonly pushed: any[] = []
  private nextId = 1
  private readonly waiters = new Map<number, (frame: any) => void>()
  private pushWaiters: { match: (f: any) => boolean; resolve: (f: any) => void }[] = []

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString())
      if (
        (frame.t === 'ack' || frame.t === 'error') &&
        frame.id !== undefined &&
        this.waiters.has(frame.id)
      ) {
        this.waiters.get(frame.id)!(frame)
        this.waiters.delete(frame.id)
        return
      }
      this.pushed.push(frame)
      this.pushWaiters = this.pushWaiters.filter((w) =>
        w.match(frame) ? (w.resolve(frame), false) : true,
      )
    })
  }

  static open(url: string): Promise<RtmClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url)
      socket.once('open', () => resolve(new RtmClient(socket)))
      socket.once('error', reject)
    })
  }

  request(frame: Record<string, unknown>): Promise<any> {
    const id = this.nextId++
    return new Promise((resolve) => {
      this.waiters.set(id, resolve)
      this.socket.send(JSON.stringify({ ...frame, id }))
    })
  }

  sendRaw(text: string): void {
    this.socket.send(text)
  }

  next(match: (frame: any) => boolean, timeoutMs = 3000): Promise<any> {
    const seen = this.pushed.find(match)
    if (seen) return Promise.resolve(seen)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame')), timeoutMs)
      this.pushWaiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f)) })
    })
  }

  close(): void {
    this.socket.close()
  }
}
