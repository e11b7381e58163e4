import WebSocket from 'ws'
import { buildApp, type App, type BuildOptions } from '../../src/server/app'

export interface TestServer {
  readonly app: App
  readonly url: string
  readonly wsUrl: string
  close(): Promise<void>
}

/** A real server on a free loopback port with an in-memory database. */
export async function startServer(options: BuildOptions = {}): Promise<TestServer> {
  const app = await buildApp({ memory: true, logger: false, staticDir: undefined, ...options })
  const address = await app.fastify.listen({ host: '127.0.0.1', port: 0 })
  return {
    app,
    url: address,
    wsUrl: address.replace('http', 'ws') + '/rtm',
    close: () => app.close(),
  }
}

/** The room service prefix of the default app id. */
export const ROOM = '/api/s1/serve/roomcast/v1/'
export const SCENE = '/api/scene/1/service/v1/'
export const SCENE_V1 = '/api/scene/v1/'
export const AUTH = '/api/auth/'

export interface Answer {
  status: number
  body: { code: number; msg: string; data: any }
}

/** A browser-like HTTP client that keeps its session cookie. */
export class Client {
  cookie = ''
  constructor(private base: string) {}

  /** The same browser (cookie and all) talking to another server address. */
  retarget(base: string): void {
    this.base = base
  }

  private async send(
    method: string,
    path: string,
    init: { body?: BodyInit; headers?: Record<string, string> },
  ) {
    const response = await fetch(this.base + path, {
      method,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...init.headers },
      body: init.body,
    })
    const setCookie = response.headers.get('set-cookie')
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? ''
    return response
  }

  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await this.send(method, path, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
    })
    return { status: response.status, body: (await response.json()) as Answer['body'] }
  }

  get(path: string) {
    return this.call('GET', path)
  }

  post(path: string, body: unknown = {}) {
    return this.call('POST', path, body)
  }

  /** A form-encoded POST (the auth service). */
  async form(path: string, fields: Record<string, string | number> = {}): Promise<Answer> {
    const response = await this.send('POST', path, {
      body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    return { status: response.status, body: (await response.json()) as Answer['body'] }
  }

  /** A multipart upload: text fields first, then the file in field `file`. */
  async upload(
    path: string,
    fields: Record<string, string>,
    file?: { name: string; type: string; content: string | Uint8Array },
  ): Promise<Answer> {
    const form = new FormData()
    for (const [k, v] of Object.entries(fields)) form.append(k, v)
    if (file) {
      const bytes = typeof file.content === 'string' ? file.content : new Uint8Array(file.content)
      form.append('file', new Blob([bytes], { type: file.type }), file.name)
    }
    const response = await this.send('POST', path, { body: form })
    return { status: response.status, body: (await response.json()) as Answer['body'] }
  }

  /** Any answer, read as text (downloads). */
  async raw(method: string, path: string) {
    const response = await this.send(method, path, {})
    return { status: response.status, headers: response.headers, text: await response.text() }
  }
}

export interface Entered {
  readonly client: Client
  readonly me: any
  readonly room: any
  /** `${ROOM}room/${roomId}` */
  readonly path: string
}

let counter = 0
/** A unique room name for this test run. */
export const roomName = (tag = 'room') => `${tag}-${Date.now()}-${++counter}`

/** Enters a room as a fresh visitor (the first host creates it). */
export async function enter(
  server: TestServer,
  form: {
    roomName: string
    userName?: string
    role?: 1 | 2 | 3 | 4
    roomType?: 0 | 1 | 2
    password?: string
    projectionId?: string
  },
  client = new Client(server.url),
): Promise<Entered> {
  const { body } = await client.post(`${ROOM}room/entry`, {
    userName: `u${++counter}`,
    role: 1,
    roomType: 2,
    password: 'pw',
    ...form,
  })
  if (body.code !== 0) throw new Error(`entry refused: ${body.code} ${body.msg}`)
  return {
    client,
    me: body.data.me,
    room: body.data.roomInfo,
    path: `${ROOM}room/${body.data.roomInfo.roomId}`,
  }
}

/** A host and a conferee (and optionally a CDN audience member) in a new lecture hall. */
export async function meeting(server: TestServer, withAudience = false) {
  const name = roomName('meet')
  const host = await enter(server, { roomName: name, userName: 'Hana', role: 1 })
  const guest = await enter(server, { roomName: name, userName: 'Carl', role: 2 })
  const audience = withAudience
    ? await enter(server, { roomName: name, userName: 'Ada', role: 3 })
    : undefined
  return { name, host, guest, audience: audience as Entered, roomId: host.room.roomId as string }
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

  /** Opens, logs in with the member's token and joins its room's channel. */
  static async join(server: TestServer, who: Entered): Promise<RtmClient> {
    const rtm = await RtmClient.open(server.wsUrl)
    const login = await rtm.request({ t: 'login', uid: who.me.uid, token: who.me.rtmToken })
    if (login.t !== 'ack') throw new Error(`login refused: ${login.message}`)
    const joined = await rtm.request({ t: 'join', channel: who.room.channelName })
    if (joined.t !== 'ack') throw new Error(`join refused: ${joined.message}`)
    return rtm
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

  next(match: (frame: any) => boolean, timeoutMs = 30_000): Promise<any> {
    const seen = this.pushed.find(match)
    if (seen) return Promise.resolve(seen)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame')), timeoutMs)
      this.pushWaiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f)) })
    })
  }

  /** The channel messages received so far, parsed. */
  messages(cmd?: number): any[] {
    return this.pushed
      .filter((f) => f.t === 'channelMessage')
      .map((f) => ({ from: f.from, ...JSON.parse(f.text) }))
      .filter((m) => cmd === undefined || m.cmd === cmd)
  }

  /** Waits for a channel message of this command (and predicate). */
  async message(
    cmd: number,
    match: (m: any) => boolean = () => true,
    timeoutMs = 30_000,
  ): Promise<any> {
    const frame = await this.next((f) => {
      if (f.t !== 'channelMessage') return false
      const m = JSON.parse(f.text)
      return m.cmd === cmd && match(m)
    }, timeoutMs)
    return { from: frame.from, ...JSON.parse(frame.text) }
  }

  close(): void {
    this.socket.close()
  }
}
