import { Subject, type Observable } from 'rxjs'
import { compile } from '@streams/wire/validate'
import { SfuServerFrameSchema, type SfuClientFrame, type SfuServerFrame } from '@streams/wire/sfu'

const serverFrame = compile(SfuServerFrameSchema)

/** A request frame without its id (the connection numbers requests). */
export type SfuRequest = SfuClientFrame extends infer F
  ? F extends { id: number }
    ? Omit<F, 'id'>
    : never
  : never

/** A frame the server pushes by itself (not the answer to a request). */
export type SfuPush = Exclude<SfuServerFrame, { t: 'ack' }>

/** The server refused a request: its code (`SfuError`) and reason. */
export class SfuRequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'SfuRequestError'
  }
}

/** How long a request may wait for its answer (Janus answers within seconds on a busy machine). */
const REQUEST_TIMEOUT_MS = 20_000

/**
 * The browser's end of the SFU signalling (a WebSocket at /sfu, `streams/wire/sfu.ts`): requests
 * numbered and answered by `ack` or `error`, every frame the server sends checked against the
 * schema; what the server pushes by itself comes out of `pushes$`.
 */
export class SfuSignalling {
  private nextId = 1
  private readonly pending = new Map<
    number,
    { resolve: (data: unknown) => void; reject: (error: Error) => void }
  >()
  private readonly pushes = new Subject<SfuPush>()
  readonly pushes$: Observable<SfuPush> = this.pushes.asObservable()
  private readonly closedSubject = new Subject<void>()
  /** The connection closed (by either side, or lost). */
  readonly closed$: Observable<void> = this.closedSubject.asObservable()

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (message) => this.receive(message.data))
    socket.addEventListener('close', () => this.closed())
  }

  /** Opens the connection; fails when the server cannot be reached. */
  static open(url: string): Promise<SfuSignalling> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url)
      const failed = () => reject(new Error('the media signalling could not connect'))
      socket.addEventListener('error', failed, { once: true })
      socket.addEventListener(
        'open',
        () => {
          socket.removeEventListener('error', failed)
          resolve(new SfuSignalling(socket))
        },
        { once: true },
      )
    })
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN
  }

  /** Sends a request; answers its `ack` data, or fails with the server's refusal. */
  request(frame: SfuRequest): Promise<unknown> {
    if (!this.open) return Promise.reject(new Error('the media signalling is closed'))
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id)
        reject(new Error(`the media server did not answer ${frame.t}`))
      }, REQUEST_TIMEOUT_MS)
      this.pending.set(id, {
        resolve: (data) => {
          clearTimeout(timer)
          resolve(data)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
      })
      this.socket.send(JSON.stringify({ ...frame, id }))
    })
  }

  close(): void {
    this.socket.close(1000)
    this.closed()
  }

  private receive(data: unknown): void {
    let parsed: unknown
    try {
      parsed = typeof data === 'string' ? JSON.parse(data) : undefined
    } catch {
      parsed = undefined
    }
    if (!serverFrame.check(parsed)) {
      const problem = parsed === undefined ? 'not JSON' : serverFrame.firstError(parsed)
      this.pushes.next({ t: 'error', code: 'badFrame', message: `from the server: ${problem}` })
      return
    }
    const frame = parsed
    if (frame.t === 'ack' || (frame.t === 'error' && frame.id !== undefined)) {
      const waiting = this.pending.get(frame.id as number)
      if (!waiting) return
      this.pending.delete(frame.id as number)
      if (frame.t === 'ack') waiting.resolve(frame.data)
      else waiting.reject(new SfuRequestError(frame.code, frame.message))
      return
    }
    this.pushes.next(frame)
  }

  private closed(): void {
    for (const waiting of this.pending.values())
      waiting.reject(new Error('the media signalling closed'))
    this.pending.clear()
    this.closedSubject.next()
    this.closedSubject.complete()
    this.pushes.complete()
  }
}
