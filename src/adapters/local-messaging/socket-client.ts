import type { ClientFrame, ServerFrame } from '@streams/wire/realtime'
import { CloseCode, ServerFrameSchema } from '@streams/wire/realtime'
import { compile } from '@streams/wire/validate'

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

/** Codes of a request that never reached an answer because the connection went away. */
export const CONNECTION_LOST_CODES: readonly string[] = ['closed', 'network', 'timeout']

/** Timings of the connection's liveness (milliseconds). */
export interface SocketTimings {
  /** A socket not open after this long is given up ('network'). */
  readonly connectMs: number
  /** A request without an answer after this long fails ('timeout'). */
  readonly requestMs: number
  /** A ping is sent this often while the socket is idle-open... */
  readonly pingEveryMs: number
  /** ...and a socket whose ping is not answered within this is taken as dead and dropped. */
  readonly pingTimeoutMs: number
}

export const DEFAULT_TIMINGS: SocketTimings = {
  connectMs: 10_000,
  requestMs: 20_000,
  pingEveryMs: 10_000,
  pingTimeoutMs: 10_000,
}

/** The close code the client reports for a socket it dropped itself (dead: no pong). */
export const DEAD_SOCKET = 4000

/**
 * A request/answer client over the realtime WebSocket: each request gets an id and resolves
 * with its ack's data, or rejects with the error frame. Pushed frames go to `onPush`. A socket
 * that opened and then closed (by the server, the network, or a missed heartbeat) is reported
 * once to `onClose`; the next request opens a new one.
 */
export class SocketClient {
  private socket: WebSocket | undefined
  private opening: Promise<WebSocket> | undefined
  private nextId = 1
  private heartbeat: ReturnType<typeof setInterval> | undefined
  private readonly pending = new Map<
    number,
    { resolve: (data: unknown) => void; reject: (e: Error) => void }
  >()

  constructor(
    private readonly url: string,
    private readonly onPush: (frame: ServerFrame) => void,
    private readonly onClose: (code: number, reason: string) => void,
    private readonly onInvalid: (reason: string) => void,
    private readonly timings: SocketTimings = DEFAULT_TIMINGS,
  ) {}

  async request<T = unknown>(frame: Request): Promise<T> {
    const socket = await this.open()
    return this.send<T>(socket, frame)
  }

  close(): void {
    const socket = this.socket
    this.stopHeartbeat()
    this.socket = undefined
    this.opening = undefined
    this.failPending()
    socket?.close(1000, 'bye')
  }

  private failPending(code?: number): void {
    // Closed as one connection too many: the requests fail as refused, not as a drop to retry.
    const error =
      code === CloseCode.tooManyConnections
        ? new RealtimeError('tooManyConnections', 'too many connections')
        : new RealtimeError('closed', 'connection closed')
    for (const waiter of this.pending.values()) waiter.reject(error)
    this.pending.clear()
  }

  private send<T>(socket: WebSocket, frame: Request): Promise<T> {
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!this.pending.delete(id)) return
        reject(new RealtimeError('timeout', `no answer to ${frame.t}`))
      }, this.timings.requestMs)
      this.pending.set(id, {
        resolve: (data) => {
          clearTimeout(timer)
          resolve(data as T)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
      })
      socket.send(JSON.stringify({ ...frame, id }))
    })
  }

  private open(): Promise<WebSocket> {
    if (this.socket?.readyState === WebSocket.OPEN) return Promise.resolve(this.socket)
    if (this.opening) return this.opening
    const opening = new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(this.url)
      let opened = false
      let failed = false
      const unreachable = () => {
        if (failed) return
        failed = true
        clearTimeout(connectTimer)
        if (this.opening === opening) this.opening = undefined
        reject(new RealtimeError('network', 'realtime service unreachable'))
      }
      const connectTimer = setTimeout(() => {
        socket.onclose = null
        socket.close()
        unreachable()
      }, this.timings.connectMs)
      socket.onopen = () => {
        if (failed) return
        clearTimeout(connectTimer)
        opened = true
        this.socket = socket
        if (this.opening === opening) this.opening = undefined
        this.startHeartbeat(socket)
        resolve(socket)
      }
      socket.onerror = () => {
        if (!opened) unreachable()
      }
      socket.onmessage = (message) => {
        if (this.socket === socket) this.receive(String(message.data))
      }
      socket.onclose = (event) => {
        if (!opened) return unreachable()
        this.dropped(socket, event.code, event.reason)
      }
    })
    this.opening = opening
    return opening
  }

  /** An open socket went away: its requests fail, and the drop is reported once. */
  private dropped(socket: WebSocket, code: number, reason: string): void {
    if (this.socket !== socket) return
    this.socket = undefined
    this.opening = undefined
    this.stopHeartbeat()
    this.failPending(code)
    this.onClose(code, reason)
  }

  /** Pings the open socket; one unanswered in time means the connection is dead. */
  private startHeartbeat(socket: WebSocket): void {
    this.stopHeartbeat()
    this.heartbeat = setInterval(() => {
      if (this.socket !== socket) return
      const timer = setTimeout(() => {
        socket.onclose = null
        socket.close()
        this.dropped(socket, DEAD_SOCKET, 'no answer to ping')
      }, this.timings.pingTimeoutMs)
      this.send(socket, { t: 'ping' }).then(
        () => clearTimeout(timer),
        () => clearTimeout(timer),
      )
    }, this.timings.pingEveryMs)
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat)
    this.heartbeat = undefined
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
