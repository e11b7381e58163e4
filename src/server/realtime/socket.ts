import type { Duplex } from 'node:stream'
import type { RawData, WebSocket } from 'ws'
import {
  ClientFrameSchema,
  CloseCode,
  MAX_FRAME_BYTES,
  MAX_MESSAGES_PER_SECOND,
} from '@streams/wire/realtime'
import { compile } from '@streams/wire/validate'
import { FewStrings } from './few'
import { frameBytes } from './frames'
import { sampledWarn } from './sampled-log'
import { hostileValue, RefusedError } from './checks'
import type { Admission } from './guard'
import type { Peer } from './outbox'
import { handleFrame, type Requests, type SocketDeps } from './requests'

export type { SocketDeps } from './requests'

const clientFrame = compile(ClientFrameSchema)

/** A client that lets this much output pile up unread is cut off. */
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024

/** Where a socket keeps its connection: its listeners are shared functions, not closures. */
const CONNECTION = Symbol('connection')
type Served = WebSocket & { [CONNECTION]?: Connection }

/** Rate windows are timed from here: a small integer a connection holds, not a boxed double. */
const EPOCH = Date.now()
const ignore = () => undefined
/** Before the first login a connection is admitted to no channel (a login brings its own set). */
const NO_CHANNELS = new FewStrings()

/**
 * Serves one realtime connection: every frame validated, every refusal an error frame. `deps` is
 * one object for every connection; `admission` is the connection guard's word on this one.
 */
export function serveSocket(socket: WebSocket, deps: SocketDeps, admission?: Admission): void {
  const connection = new Connection(socket, deps, admission)
  ;(socket as Served)[CONNECTION] = connection
  socket.on('message', onMessage)
  socket.on('close', onGone)
  socket.on('error', onGone)
  if (admission?.shared) connection.hold(admission.shared.admitted, ignore)
}

function onMessage(this: Served, raw: RawData, isBinary: boolean): void {
  this[CONNECTION]?.message(raw, isBinary)
}

function onGone(this: Served): void {
  const connection = this[CONNECTION]
  if (connection) connection.deps.hub.dropSession(connection)
}

/**
 * One realtime connection: the hub's session and peer, and what serves its frames. A class with
 * methods (no closures per connection) whose state beyond the session is allocated when first
 * used: an idle member costs the server little more than its `ws` socket (docs/realtime.md
 * "Memory").
 */
class Connection implements Requests, Peer {
  readonly peer: Peer = this
  uid: string | undefined = undefined
  userId: string | undefined = undefined
  channels = NO_CHANNELS
  readonly joined = new FewStrings()
  out: Buffer[] | undefined = undefined
  /** The rate window: its start (ms since EPOCH) and the frames received in it. */
  private windowStart = -1000
  private inWindow = 0
  /** Frames that came while the other processes' word on this connection is awaited. */
  private waiting: [RawData, boolean][] | undefined = undefined
  /** The last vetting asked (see `vetted`), until it is done. */
  private lastVetted: Promise<void> | undefined = undefined
  /** Refused frames logged once a minute (made at the first one). */
  private refusedWarn: ReturnType<typeof sampledWarn> | undefined = undefined

  constructor(
    readonly socket: WebSocket,
    readonly deps: SocketDeps,
    readonly admission: Admission | undefined,
  ) {}

  /**
   * The hub writes ready-made frames straight to the connection's TCP socket: one framing per
   * broadcast, one write per member per turn (see Hub). ws still reads, pings and closes.
   */
  write(frames: Buffer): void {
    const socket = this.socket
    if (socket.readyState !== socket.OPEN) return
    const raw = (socket as unknown as { _socket: Duplex })._socket
    if (raw.writableLength > MAX_BUFFERED_BYTES) {
      socket.terminate()
      return
    }
    raw.write(frames)
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason)
  }

  message(raw: RawData, isBinary: boolean): void {
    if (frameBytes(raw) > MAX_FRAME_BYTES)
      return this.socket.close(CloseCode.tooBig, 'a frame is at most 64 KB')
    if (this.waiting) this.waiting.push([raw, isBinary])
    else this.received(raw, isBinary)
  }

  private received(raw: RawData, isBinary: boolean): void {
    // An int32 (a small integer the object holds in place); it wraps after 24 days, when the
    // window starts again too.
    const now = (Date.now() - EPOCH) | 0
    if (now - this.windowStart >= 1000 || now < this.windowStart) {
      this.windowStart = now
      this.inWindow = 0
    }
    const limited = ++this.inWindow > MAX_MESSAGES_PER_SECOND
    if (isBinary) return this.fail(undefined, 'badFrame', 'frames are JSON text')
    let frame: unknown
    try {
      frame = JSON.parse(raw.toString())
    } catch {
      return this.fail(undefined, 'badFrame', 'frame is not JSON')
    }
    const id =
      typeof frame === 'object' && frame && 'id' in frame && Number.isInteger(frame.id)
        ? (frame.id as number)
        : undefined
    // Over the limit the request is answered, refused, so its sender can retry later.
    if (limited) return this.fail(id, 'rateLimited', 'more than 60 messages a second')
    if (!clientFrame.check(frame)) {
      this.refusedWarn ??= sampledWarn(this.deps.log)
      this.refusedWarn({ problem: clientFrame.firstError(frame) }, 'realtime frame refused')
      return this.fail(id, 'badFrame', `invalid frame: ${clientFrame.firstError(frame)}`)
    }
    // As the REST routes do: no NUL byte in any string a handler would see (a frame is shallow).
    const nul = hostileValue(frame, 3)
    if (nul) return this.fail(frame.id, 'badFrame', `invalid frame: a NUL byte in ${nul.path}`)
    handleFrame(this, frame)
  }

  /**
   * Frames that come while the other processes' word on this connection is awaited (the shared
   * caps, docs/realtime.md "Guards") are handled in order once it is in.
   */
  hold(answer: Promise<boolean>, then: (ok: boolean) => void): void {
    this.waiting ??= []
    void answer.then((ok) => {
      const queue = this.waiting ?? []
      this.waiting = undefined
      then(ok)
      if (!ok) return
      for (const [raw, isBinary] of queue) {
        // A frame of the queue (a login) may hold the rest again.
        const again = this.waiting as [RawData, boolean][] | undefined
        if (again) again.push([raw, isBinary])
        else this.received(raw, isBinary)
      }
    })
  }

  fail(id: number | undefined, code: string, message: string): void {
    this.deps.hub.send(
      this,
      id === undefined ? { t: 'error', code, message } : { t: 'error', id, code, message },
    )
  }

  ack(id: number, data?: unknown): void {
    this.deps.hub.send(this, data === undefined ? { t: 'ack', id } : { t: 'ack', id, data })
  }

  answerLater<T>(id: number, work: Promise<T>, data: (value: T) => unknown): void {
    work.then(
      (value) => {
        try {
          this.ack(id, data(value))
        } catch (error) {
          this.failed(id, error)
        }
      },
      (error: unknown) => this.failed(id, error),
    )
  }

  private failed(id: number, error: unknown): void {
    if (error instanceof RefusedError) return this.fail(id, error.code, error.message)
    this.deps.log.warn({ err: error }, 'realtime request failed')
    this.fail(id, 'unavailable', 'the service could not do it now: try again')
  }

  /** Answers in the order asked, though each piece of work starts at once. */
  vetted<T>(work: Promise<T>): Promise<T> {
    work.catch(ignore) // handled by the caller, once the earlier ones are done
    const next = this.lastVetted ? this.lastVetted.then(() => work) : work
    const done = next.then(ignore, ignore)
    this.lastVetted = done
    void done.then(() => {
      if (this.lastVetted === done) this.lastVetted = undefined
    })
    return next
  }
}
