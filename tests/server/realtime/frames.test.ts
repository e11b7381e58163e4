import { createRequire } from 'node:module'
import { Socket, type AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket, { WebSocketServer } from 'ws'
import { frameBytes, textFrame } from '../../../src/server/realtime/frames'

/**
 * The hub writes frames it framed itself straight to the TCP socket under each `ws` connection
 * (`_socket`, a field ws does not document): one framing per broadcast instead of one per
 * member (docs/realtime.md "Delivery"). These tests pin what that relies on in the installed ws:
 * the field is the connection's net.Socket, bytes written there reach the client as messages in
 * order with ws's own sends, and ws still reads, pings and closes the connection after.
 */
const servers: WebSocketServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((r) => server.close(r))
})

/** A plain ws server and one client connected to it. */
async function pair(): Promise<{ server: WebSocket; client: WebSocket }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  servers.push(wss)
  await new Promise((r) => wss.once('listening', r))
  const { port } = wss.address() as AddressInfo
  const accepted = new Promise<WebSocket>((r) => wss.once('connection', r))
  const client = new WebSocket(`ws://127.0.0.1:${port}`)
  await new Promise((r, j) => client.once('open', r).once('error', j))
  return { server: await accepted, client }
}

const messages = (client: WebSocket, n: number) =>
  new Promise<string[]>((resolve) => {
    const got: string[] = []
    client.on('message', (data, isBinary) => {
      got.push(`${isBinary ? 'binary: ' : ''}${data.toString()}`)
      if (got.length === n) resolve(got)
    })
  })

describe('the ws connection the hub writes to', () => {
  it('is ws 8, whose connections keep their TCP socket in `_socket`', async () => {
    const version = (createRequire(import.meta.url)('ws/package.json') as { version: string })
      .version
    // Another major version may keep the socket elsewhere or buffer its own sends: check again.
    expect(version).toMatch(/^8\./)
    const { server, client } = await pair()
    const raw = (server as unknown as { _socket: unknown })._socket
    expect(raw).toBeInstanceOf(Socket)
    client.close()
  })

  it('frames written to `_socket` arrive as text messages, in order with ws’s own sends, at every length', async () => {
    const { server, client } = await pair()
    const texts = ['short', 'm'.repeat(200), 'l'.repeat(70_000), '文字 ✓']
    const got = messages(client, texts.length + 2)
    const raw = (server as unknown as { _socket: Socket })._socket
    server.send('first from ws')
    raw.write(Buffer.concat(texts.map(textFrame)))
    server.send('last from ws')
    expect(await got).toEqual(['first from ws', ...texts, 'last from ws'])
    client.close()
  })

  it('after such writes ws still reads, pings and closes the connection', async () => {
    const { server, client } = await pair()
    const raw = (server as unknown as { _socket: Socket })._socket
    raw.write(textFrame('{"t":"ack","id":1}'))
    const heard = new Promise<number>((r) => server.once('message', (data) => r(frameBytes(data))))
    client.send('hello')
    expect(await heard).toBe(5)
    const pong = new Promise((r) => server.once('pong', r))
    server.ping()
    await pong
    const closed = new Promise<number>((r) => client.once('close', (code) => r(code)))
    server.close(4000, 'bye')
    expect(await closed).toBe(4000)
  })
})
