import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request the double received. */
export interface Received {
  readonly method: string
  readonly path: string
  readonly authorization: string | undefined
  readonly contentType: string | undefined
  readonly body: any
}

/** An answer: status and JSON body, or `hang` (no answer: the caller's timeout). */
export type Reply = { status: number; body: unknown } | 'hang'

/**
 * A stand-in for a REST API on loopback (unit tests only): it records every request and answers
 * from per-call queues, else from a default per call. A call is named by the last segment of the
 * path (acquire, start, query, stop, updateLayout).
 */
export class RestDouble {
  readonly received: Received[] = []
  private readonly queued = new Map<string, Reply[]>()
  private readonly hanging = new Set<() => void>()

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly defaults: (call: string, request: Received) => Reply,
  ) {}

  static async start(defaults: (call: string, request: Received) => Reply): Promise<RestDouble> {
    const served: { double?: RestDouble } = {}
    const server = createServer((req, res) => {
      void read(req).then((text) => served.double!.serve(req, text, res))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    served.double = new RestDouble(server, `http://127.0.0.1:${port}`, defaults)
    return served.double
  }

  /** The next answers to a call, before the default. */
  answer(call: string, ...replies: Reply[]): void {
    this.queued.set(call, [...(this.queued.get(call) ?? []), ...replies])
  }

  /** The requests of one call. */
  calls(call: string): Received[] {
    return this.received.filter((r) => r.path.split('/').pop() === call)
  }

  clear(): void {
    this.received.length = 0
    this.queued.clear()
  }

  private serve(req: IncomingMessage, text: string, res: ServerResponse) {
    const path = (req.url ?? '').split('?')[0]!
    const request: Received = {
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: text === '' ? undefined : JSON.parse(text),
    }
    this.received.push(request)
    const call = path.split('/').pop() ?? ''
    const reply = this.queued.get(call)?.shift() ?? this.defaults(call, request)
    if (reply === 'hang') {
      const end = () => res.destroy()
      this.hanging.add(end)
      return
    }
    res.writeHead(reply.status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(reply.body))
  }

  async close(): Promise<void> {
    for (const end of this.hanging) end()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}
