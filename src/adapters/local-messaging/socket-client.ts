import type { ClientFrame, ServerFrame } from '../../../streams/wire/realtime'
import { ServerFrameSchema } from '../../../streams/wire/realtime'
import { compile } from '../../../streams/wire/validate'

const serverFrame = compile(ServerFrameSchema)

type Request = ClientFrame extends infer F
  ? F extends { id: number }
    ? Omit<F, 'id'>
    : never
  : never

export class RealtimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'RealtimeError'
  }
}

/**
 * A request/answer client over the realtime WebSocket: each request gets an id and resolves
 * with its ack's data, or rejects with the error frame. Pushed frames go to `onPush`.
 */
export class SocketClient {
  private socket: WebSocket | undefined
  private opening: Promise<WebSocket> | undefined
  private nextId = 1
  private readonly pending = new Map<
    number,
    { resolve: (data: unknown) => void; reject: (e: Error) => void }
  >()

  constructor(
    private readonly url: string,
    private readonly onPush: (frame: ServerFrame) => void,
    private readonly onClose: (code: number, reason: string) => void,
    private readonly onInvalid: (reason: string) => void,
  ) {}

  async request<T = unknown>(frame: Request): Promise<T> {
    const socket = await this.open()
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (data: unknown) => void, reject })
      socket.send(JSON.stringify({ ...frame, id }))
    })
  }

  close(): void {
    this.socket?.close(1000, 'bye')
    this.socket = undefined
    this.opening = undefined
  }

  private open(): Promise<WebSocket> {
    if (this.socket?.readyState === WebSocket.OPEN) return Promise.resolve(this.socket)
    this.opening ??= new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(this.url)
      socket.onopen = () => {
        this.socket = socket
        resolve(socket)
      }
      socket.onerror = () => reject(new RealtimeError('network', 'realtime service unreachable'))
      socket.onmessage = (message) => this.receive(String(message.data))
      socket.onclose = (event) => {
        this.opening = undefined
        if (this.socket === socket) this.socket = undefined
        for (const waiter of this.pending.values())
          waiter.reject(new RealtimeError('closed', 'connection closed'))
        this.pending.clear()
        this.onClose(event.code, event.reason)
      }
    })
    return this.opening
  }

  private receive(text: string): void {
    let frame: unknown
    try {
      frame = JSON.parse(text)
    } catch {
      return this.onInvalid('realtime frame is not JSON')
    }
    if (!serverFrame.check(frame))
      return this.onInvalid(`invalid realtime frame ${serverFrame.firstError(frame)}`)
    if (frame.t === 'ack' || (frame.t === 'error' && frame.id !== undefined)) {
      const waiter = this.pending.get(frame.id as number)
      if (!waiter) return
      this.pending.delete(frame.id as number)
      if (frame.t === 'ack') waiter.resolve(frame.data)
      else waiter.reject(new RealtimeError(frame.code, frame.message))
      return
    }
    this.onPush(frame)
  }
}
