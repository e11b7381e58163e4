import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocket as NodeWebSocket, WebSocketServer, type WebSocket as Peer } from 'ws'
import { SfuMedia } from '../../../src/adapters/sfu-media/sfu-media'
import type { Event } from '@streams/events'
import type { MediaJoin } from '@streams/ports'

/**
 * The SFU signalling's far end for the adapter alone: it answers every request with an ack (a
 * join with no feeds) and records the joins; the test drops its sockets as a restart would.
 */
class Signalling {
  readonly joins: unknown[] = []
  readonly sockets: Peer[] = []
  readonly server: WebSocketServer
  constructor() {
    this.server = new WebSocketServer({ port: 0, host: '127.0.0.1' })
    this.server.on('connection', (socket) => {
      this.sockets.push(socket)
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { t: string; id: number }
        if (frame.t === 'join') this.joins.push(frame)
        socket.send(JSON.stringify({ t: 'ack', id: frame.id, data: { feeds: [] } }))
      })
    })
  }
  get url(): string {
    const address = this.server.address() as { port: number }
    return `ws://127.0.0.1:${address.port}/sfu`
  }
  dropAll(): void {
    for (const socket of this.sockets) socket.terminate()
  }
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

const join: MediaJoin = { appId: 'local', channel: 'ch', uid: 'u1', token: 'rtc-1', role: 'host' }
const until = async (check: () => boolean): Promise<void> => {
  const end = Date.now() + 30_000
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10))
  expect(check()).toBe(true)
}

describe('the SFU adapter after the room connection came back', () => {
  const saved = globalThis.WebSocket
  let server: Signalling
  let media: SfuMedia
  let events: Event[]

  beforeEach(async () => {
    globalThis.WebSocket = NodeWebSocket as unknown as typeof WebSocket
    server = new Signalling()
    await new Promise((r) => server.server.once('listening', r))
    media = new SfuMedia({ url: server.url, statsIntervalMs: 60_000 })
    events = []
    media.events$.subscribe((e) => events.push(e))
  })
  afterEach(async () => {
    await media.leave()
    await server.close()
    globalThis.WebSocket = saved
  })

  it('a signalling lost with the server joins again on resync, with the renewed token', async () => {
    await media.join(join)
    expect(server.joins).toHaveLength(1)
    server.dropAll()
    await until(() =>
      events.some((e) => e.type === 'rtc/connectionStateChanged' && e.state === 'DISCONNECTED'),
    )
    await media.renewToken('rtc-2')
    await media.resync?.()
    expect(server.joins).toHaveLength(2)
    expect(server.joins[1]).toMatchObject({ t: 'join', channel: 'ch', uid: 'u1', token: 'rtc-2' })
    expect(events.at(-1)).toEqual({ type: 'rtc/connectionStateChanged', state: 'CONNECTED' })
  })

  it('a live session is not joined twice, and a session left is not joined again', async () => {
    await media.join(join)
    await media.resync?.()
    expect(server.joins).toHaveLength(1)
    await media.leave()
    await media.resync?.()
    expect(server.joins).toHaveLength(1)
  })
})
