import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Awareness } from 'y-protocols/awareness'
import * as Y from 'yjs'
import {
  BOARD_PART_BYTES,
  BoardFrame,
  MAX_BOARD_CHANGE_BYTES,
  type BoardControl,
} from '@streams/wire/board'
import {
  BoardConnection,
  type ConnectionHandlers,
  type SocketLike,
} from '../../../src/adapters/local-board/connection'

/** A socket the test opens and closes by hand; what the connection sends is kept. */
class HandSocket implements SocketLike {
  binaryType = 'blob'
  readyState = 0
  readonly sent: Uint8Array[] = []
  onopen: SocketLike['onopen'] = null
  onclose: SocketLike['onclose'] = null
  onmessage: SocketLike['onmessage'] = null
  onerror: SocketLike['onerror'] = null
  send(data: Uint8Array): void {
    this.sent.push(data)
  }
  close(): void {
    this.readyState = 3
  }
  open(): void {
    this.readyState = 1
    this.onopen?.({})
  }
  drop(code: number, reason = ''): void {
    this.readyState = 3
    this.onclose?.({ code, reason })
  }
}

let sockets: HandSocket[]
let closes: number[]
let controls: BoardControl[]
let connection: BoardConnection
let doc: Y.Doc

function connect(): void {
  doc = new Y.Doc()
  const awareness = new Awareness(doc)
  const handlers: ConnectionHandlers = {
    onControl: (control) => controls.push(control),
    onSynced: () => undefined,
    onClosed: (code) => closes.push(code),
  }
  connection = new BoardConnection(
    'ws://board.test/board/b1',
    'the-token',
    doc,
    awareness,
    () => {
      const socket = new HandSocket()
      sockets.push(socket)
      return socket
    },
    handlers,
  )
}

const last = () => sockets.at(-1) as HandSocket

beforeEach(() => {
  vi.useFakeTimers()
  sockets = []
  closes = []
  controls = []
  connect()
})
afterEach(() => {
  connection.close()
  vi.useRealTimers()
})

describe('the board connection (its own reconnect, docs/board.md "Client")', () => {
  it('sends the token in its first frame, never in the URL, then the sync step 1', () => {
    last().open()
    const [first, second] = last().sent
    expect(first?.[0]).toBe(BoardFrame.control)
    expect(JSON.parse(new TextDecoder().decode(first?.subarray(1)))).toEqual({
      t: 'auth',
      token: 'the-token',
    })
    expect(second?.[0]).toBe(BoardFrame.sync)
  })

  it('retries a lost socket after 250, 500, 1000, 2000, then every 5000 ms, and from 250 again once one opened', () => {
    const waits: number[] = []
    for (let i = 0; i < 6; i++) {
      const before = sockets.length
      last().drop(1006)
      let waited = 0
      while (sockets.length === before) {
        vi.advanceTimersByTime(50)
        waited += 50
      }
      waits.push(waited)
    }
    expect(waits).toEqual([250, 500, 1000, 2000, 5000, 5000])
    last().open()
    last().drop(1006)
    vi.advanceTimersByTime(249)
    expect(sockets).toHaveLength(7)
    vi.advanceTimersByTime(1)
    expect(sockets).toHaveLength(8)
    expect(closes).toEqual([1006, 1006, 1006, 1006, 1006, 1006, 1006])
  })

  it('does not retry a refused token (4401) or presence (4403)', () => {
    last().open()
    last().drop(4401, 'invalid or expired board token')
    vi.advanceTimersByTime(60_000)
    expect(sockets).toHaveLength(1)
    connection.close()
    connect()
    last().drop(4403)
    vi.advanceTimersByTime(60_000)
    expect(sockets).toHaveLength(2)
    expect(closes).toEqual([4401, 4403])
  })

  it('connects at once when asked while it waits to retry, and not while a socket is up', () => {
    last().drop(1006)
    expect(sockets).toHaveLength(1)
    connection.reconnectNow()
    expect(sockets).toHaveLength(2)
    connection.reconnectNow()
    expect(sockets).toHaveLength(2)
    vi.advanceTimersByTime(10_000)
    expect(sockets).toHaveLength(2)
  })

  it('sends a change over 1 MB in parts of at most 1 MB, which join into its one sync frame', () => {
    last().open()
    const before = last().sent.length
    doc.getMap('page:/init').set('big', 'x'.repeat(2.5 * 1024 * 1024))
    const parts = last().sent.slice(before)
    expect(parts.map((p) => [p[0], p[1]])).toEqual([
      [BoardFrame.part, 0],
      [BoardFrame.part, 0],
      [BoardFrame.part, 1],
    ])
    expect(parts.every((p) => p.byteLength <= BOARD_PART_BYTES + 2)).toBe(true)
    const whole = Buffer.concat(parts.map((p) => p.subarray(2)))
    expect(whole[0]).toBe(BoardFrame.sync)
    const small = last().sent.length
    doc.getMap('page:/init').set('small', 1)
    expect(
      last()
        .sent.slice(small)
        .map((p) => p[0]),
    ).toEqual([BoardFrame.sync])
  })

  it('does not send a change over 16 MB, and reports it refused (tooBig) once', async () => {
    last().open()
    const before = last().sent.length
    doc.getMap('page:/init').set('huge', 'x'.repeat(MAX_BOARD_CHANGE_BYTES))
    await Promise.resolve()
    expect(last().sent.length).toBe(before)
    expect(controls).toEqual([{ t: 'refused', reason: 'tooBig' }])
    vi.advanceTimersByTime(60_000)
    expect(sockets).toHaveLength(1)
  })
})
