import * as awarenessProtocol from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import type * as Y from 'yjs'
import {
  BoardControlSchema,
  BoardFrame,
  boardParts,
  MAX_BOARD_CHANGE_BYTES,
  type BoardClientControl,
  type BoardControl,
} from '@streams/wire/board'
import { compile } from '@streams/wire/validate'

const control = compile(BoardControlSchema)

/** The smallest WebSocket this connection needs (the browser's, or `ws` in Node). */
export interface SocketLike {
  binaryType: string
  readonly readyState: number
  send(data: Uint8Array): void
  close(code?: number, reason?: string): void
  onopen: ((event: unknown) => void) | null
  onclose: ((event: { code: number; reason: string }) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onerror: ((event: unknown) => void) | null
}
export type SocketFactory = (url: string) => SocketLike

export interface ConnectionHandlers {
  onControl(control: BoardControl): void
  /** First full sync with the server done (every earlier stroke is in the doc). */
  onSynced(): void
  onClosed(code: number, reason: string): void
}

/** Origin tag of updates that came from the server. */
export const REMOTE = Symbol('remote')

const RETRY_MS = [250, 500, 1000, 2000, 5000]

function frame(tag: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(payload.length + 1)
  out[0] = tag
  out.set(payload, 1)
  return out
}

const asBytes = (data: unknown): Uint8Array | null => {
  if (data instanceof ArrayBuffer) return new Uint8Array(data)
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
  return null
}

/**
 * The board sync client: authenticates with the board token, runs the Yjs sync protocol and
 * the awareness protocol over the board socket, reconnects with backoff, and passes the
 * server's control frames on.
 */
export class BoardConnection {
  private socket: SocketLike | undefined
  private closed = false
  private attempt = 0
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private synced = false

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly doc: Y.Doc,
    private readonly awareness: awarenessProtocol.Awareness,
    private readonly createSocket: SocketFactory,
    private readonly handlers: ConnectionHandlers,
  ) {
    doc.on('update', this.onDocUpdate)
    awareness.on('update', this.onAwarenessUpdate)
    this.connect()
  }

  get isSynced(): boolean {
    return this.synced
  }

  sendControl(message: BoardClientControl): void {
    this.send(frame(BoardFrame.control, new TextEncoder().encode(JSON.stringify(message))))
  }

  /** A connection waiting to retry connects now (the room's connection just came back). */
  reconnectNow(): void {
    if (this.closed || this.socket) return
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = undefined
    this.attempt = 0
    this.connect()
  }

  close(): void {
    this.closed = true
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.doc.off('update', this.onDocUpdate)
    this.awareness.off('update', this.onAwarenessUpdate)
    awarenessProtocol.removeAwarenessStates(this.awareness, [this.doc.clientID], 'leave')
    this.socket?.close(1000, 'leave')
    this.socket = undefined
  }

  private connect(): void {
    const socket = this.createSocket(this.url)
    this.socket = socket
    socket.binaryType = 'arraybuffer'
    socket.onopen = () => {
      this.attempt = 0
      this.sendControl({ t: 'auth', token: this.token })
      const encoder = encoding.createEncoder()
      syncProtocol.writeSyncStep1(encoder, this.doc)
      this.send(frame(BoardFrame.sync, encoding.toUint8Array(encoder)))
      if (this.awareness.getLocalState() !== null)
        this.send(
          frame(
            BoardFrame.awareness,
            awarenessProtocol.encodeAwarenessUpdate(this.awareness, [this.doc.clientID]),
          ),
        )
    }
    socket.onmessage = (event) => {
      const data = asBytes(event.data)
      if (data) this.receive(data)
    }
    socket.onclose = (event) => {
      if (this.socket !== socket) return
      this.socket = undefined
      this.synced = false
      // Others forget this client's pointer and view until it is back.
      const others = [...this.awareness.getStates().keys()].filter((id) => id !== this.doc.clientID)
      awarenessProtocol.removeAwarenessStates(this.awareness, others, REMOTE)
      this.handlers.onClosed(event.code, event.reason)
      // A refused token will not get better by retrying.
      if (!this.closed && event.code !== 4401 && event.code !== 4403) this.retry()
    }
    socket.onerror = () => undefined
  }

  private retry(): void {
    const delay = RETRY_MS[Math.min(this.attempt++, RETRY_MS.length - 1)] ?? 5000
    this.retryTimer = setTimeout(() => this.connect(), delay)
  }

  /**
   * Sends a frame, in parts when it is big (the server joins them). A change over
   * MAX_BOARD_CHANGE_BYTES is not sent at all, now or after a reconnection: it is refused here as
   * the server would refuse it, and the board goes back to the server's state.
   */
  private send(data: Uint8Array): void {
    if (data.byteLength > MAX_BOARD_CHANGE_BYTES) {
      // After the transaction that made it: the refusal replaces this document.
      queueMicrotask(() => {
        if (!this.closed) this.handlers.onControl({ t: 'refused', reason: 'tooBig' })
      })
      return
    }
    const socket = this.socket
    if (!socket || socket.readyState !== 1) return
    for (const part of boardParts(data)) socket.send(part)
  }

  private receive(data: Uint8Array): void {
    const payload = data.subarray(1)
    switch (data[0]) {
      case BoardFrame.sync: {
        const decoder = decoding.createDecoder(payload)
        const encoder = encoding.createEncoder()
        const type = syncProtocol.readSyncMessage(decoder, encoder, this.doc, REMOTE)
        if (encoding.length(encoder) > 0)
          this.send(frame(BoardFrame.sync, encoding.toUint8Array(encoder)))
        if (type === syncProtocol.messageYjsSyncStep2 && !this.synced) {
          this.synced = true
          this.handlers.onSynced()
        }
        return
      }
      case BoardFrame.awareness:
        awarenessProtocol.applyAwarenessUpdate(this.awareness, payload, REMOTE)
        return
      case BoardFrame.control: {
        let value: unknown
        try {
          value = JSON.parse(new TextDecoder().decode(payload))
        } catch {
          return
        }
        if (control.check(value)) this.handlers.onControl(value)
        return
      }
    }
  }

  private readonly onDocUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === REMOTE) return
    const encoder = encoding.createEncoder()
    syncProtocol.writeUpdate(encoder, update)
    this.send(frame(BoardFrame.sync, encoding.toUint8Array(encoder)))
  }

  private readonly onAwarenessUpdate = (
    { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ) => {
    if (origin === REMOTE) return
    const changed = [...added, ...updated, ...removed]
    this.send(
      frame(BoardFrame.awareness, awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed)),
    )
  }
}
