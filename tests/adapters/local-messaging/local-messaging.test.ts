import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalMessaging } from '../../../src/adapters/local-messaging/local-messaging'
import type { Event } from '@streams/events'
import { meeting, RtmClient, startServer, type TestServer } from '../../server/harness'

/** A TCP relay to the server whose connections can be cut, as a network drop does. */
class Relay {
  private readonly sockets = new Set<Socket>()
  private constructor(private readonly server: Server) {}

  static async to(port: number): Promise<Relay> {
    const server = createServer()
    const relay = new Relay(server)
    server.on('connection', (client) => {
      const upstream = connect(port, '127.0.0.1')
      for (const s of [client, upstream]) {
        relay.sockets.add(s)
        s.on('close', () => relay.sockets.delete(s))
        s.on('error', () => undefined)
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return relay
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/rtm`
  }

  cut(): void {
    for (const s of this.sockets) s.destroy()
  }

  close(): Promise<void> {
    this.cut()
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

const chat = (userId: string, message: string, id: string) =>
  JSON.stringify({
    cmd: 1,
    version: 1,
    timestamp: Date.now(),
    data: { userId, userName: 'x', message, id },
  })

const chatLines = (events: Event[]) =>
  events.flatMap((e) => (e.type === 'msg/chatReceived' ? [e.data.message] : []))

const until = async (check: () => boolean, ms = 30_000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('local messaging across a dropped connection', () => {
  let server: TestServer
  let relay: Relay
  beforeAll(async () => {
    // the browser's WebSocket, as the adapter expects it
    ;(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket
    server = await startServer()
    relay = await Relay.to(Number(new URL(server.url).port))
  }, 180_000)
  afterAll(async () => {
    await relay?.close()
    await server?.close()
  })

  it('reports the drop; after login and rejoin it delivers what it missed once, and a line sent in the gap reaches the others once', async () => {
    const { host, guest } = await meeting(server)
    const channel = guest.room.channelName
    const hostRtm = await RtmClient.join(server, host)
    const messaging = new LocalMessaging(relay.url)
    const events: Event[] = []
    messaging.events$.subscribe((e) => events.push(e))
    await messaging.login(guest.me.uid, guest.me.rtmToken)
    await messaging.join(channel)
    const say = (m: string) =>
      hostRtm.request({ t: 'channelMessage', channel, text: chat(host.me.userId, m, m) })

    await say('before')
    await until(() => chatLines(events).includes('before'))

    const cutAt = Date.now()
    relay.cut()
    await until(() =>
      events.some((e) => e.type === 'rtm/connectionStateChanged' && e.state === 'DISCONNECTED'),
    )
    const seenAfter = Date.now() - cutAt
    await say('missed 1')
    await say('missed 2')
    // sent during the gap: it waits for the rejoin
    const mine = messaging.sendChannelMessage(chat(guest.me.userId, 'from the gap', 'gap-1'))

    const backAt = Date.now()
    await messaging.login(guest.me.uid, guest.me.rtmToken)
    await messaging.join(channel)
    await say('live after')
    const caught = await messaging.catchUp()
    await mine
    // Figures for the faults survived (issue 16): printed, never asserted on time.
    console.log(
      `dropped socket: drop reported ${seenAfter} ms after the cut; login, rejoin and catch-up ${Date.now() - backAt} ms`,
    )
    // 'live after' came both live (held during the catch-up) and in the history: delivered once
    expect(caught).toEqual({ missed: 3, complete: true })
    await say('last')
    await until(() => chatLines(events).includes('last'))
    expect(chatLines(events)).toEqual(['before', 'missed 1', 'missed 2', 'live after', 'last'])
    const got = await hostRtm.message(1, (m: any) => m.data.message === 'from the gap')
    expect(got.from).toBe(guest.me.uid)
    expect(hostRtm.messages(1).filter((m) => m.data.message === 'from the gap')).toHaveLength(1)
    hostRtm.close()
    await messaging.logout()
  })
  it('after a page reload in the room, the chat from before it is shown again (mine too), each line once, then the live ones', async () => {
    const { host, guest } = await meeting(server)
    const channel = guest.room.channelName
    const hostRtm = await RtmClient.join(server, host)
    const say = (m: string) =>
      hostRtm.request({ t: 'channelMessage', channel, text: chat(host.me.userId, m, m) })
    const before = new LocalMessaging(relay.url)
    await before.login(guest.me.uid, guest.me.rtmToken)
    await before.join(channel)
    await say('first')
    await before.sendChannelMessage(chat(guest.me.userId, 'mine', 'mine-1'))
    await say('second')

    // the page reloads: a new client, the same member (still present), joins again
    relay.cut()
    const after = new LocalMessaging(relay.url)
    const events: Event[] = []
    after.events$.subscribe((e) => events.push(e))
    await after.login(guest.me.uid, guest.me.rtmToken)
    await after.join(channel)
    expect(chatLines(events)).toEqual([])
    const restored = await after.restoreChat()
    expect(restored.missed).toBe(3)
    await say('live')
    await until(() => chatLines(events).includes('live'))
    expect(chatLines(events)).toEqual(['first', 'mine', 'second', 'live'])
    hostRtm.close()
    await after.logout()
  })
})
