import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DEFAULT_SETTINGS } from '../../../src/server/config'
import { startServer, type TestServer } from '../harness'

/** A server with short limits, behind a trusted proxy (X-Forwarded-For is the client address). */
let server: TestServer
beforeAll(async () => {
  server = await startServer({
    settings: {
      trustProxy: true,
      rtm: { loginTimeoutMs: 1000, heartbeatMs: 1000, maxPerUser: 2, maxPerAddress: 3 },
    },
  })
})
afterAll(() => server.close())

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
let addressSeq = 0
const newAddress = () => `192.0.2.${++addressSeq}`

function open(address: string, options: WebSocket.ClientOptions = {}) {
  const socket = new WebSocket(server.wsUrl, {
    headers: { 'x-forwarded-for': address },
    ...options,
  })
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  return { socket, closed, opened }
}

/** A login frame with a token the server signed for `uid` of account `userId`. */
function login(socket: WebSocket, uid: string, userId: string) {
  const token = server.app.deps.tokens.sign({ kind: 'rtm', sub: uid, ch: 'guarded', uid: userId })
  return new Promise<any>((resolve) => {
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString())
      if ((frame.t === 'ack' || frame.t === 'error') && frame.id === 1) resolve(frame)
    })
    socket.send(JSON.stringify({ t: 'login', id: 1, uid, token }))
  })
}

describe('realtime connections are guarded', () => {
  it('closes a connection that does not log in within the login timeout (4408); a logged-in one stays', async () => {
    const idle = open(newAddress())
    const member = open(newAddress())
    await Promise.all([idle.opened, member.opened])
    expect(await login(member.socket, 'g1', 'acct-g1')).toMatchObject({ t: 'ack' })
    expect(await idle.closed).toBe(4408)
    await sleep(1200)
    expect(member.socket.readyState).toBe(WebSocket.OPEN)
    member.socket.close()
  })

  it('heartbeats: a peer that answers no ping is cut off; one that answers stays', async () => {
    const address = newAddress()
    const dead = open(address, { autoPong: false })
    const alive = open(address)
    await Promise.all([dead.opened, alive.opened])
    await login(dead.socket, 'h1', 'acct-h1')
    await login(alive.socket, 'h2', 'acct-h2')
    expect(await dead.closed).toBe(1006)
    expect(alive.socket.readyState).toBe(WebSocket.OPEN)
    alive.socket.close()
  })

  it('caps open connections per client address (4429); another address still connects', async () => {
    const address = newAddress()
    const three = [open(address), open(address), open(address)]
    await Promise.all(three.map((c) => c.opened))
    const fourth = open(address)
    expect(await fourth.closed).toBe(4429)
    const elsewhere = open(newAddress())
    await elsewhere.opened
    // One closes: the address may open one again.
    three[0]!.socket.close()
    await three[0]!.closed
    await sleep(50)
    const again = open(address)
    await again.opened
    await sleep(100)
    expect(again.socket.readyState).toBe(WebSocket.OPEN)
    for (const c of [...three, elsewhere, again]) c.socket.close()
  })

  it('caps the connections one account holds (tooManyConnections, 4429)', async () => {
    const sockets = [open(newAddress()), open(newAddress()), open(newAddress())]
    await Promise.all(sockets.map((c) => c.opened))
    expect(await login(sockets[0]!.socket, 'p1', 'acct-p')).toMatchObject({ t: 'ack' })
    expect(await login(sockets[1]!.socket, 'p2', 'acct-p')).toMatchObject({ t: 'ack' })
    expect(await login(sockets[2]!.socket, 'p3', 'acct-p')).toMatchObject({
      t: 'error',
      code: 'tooManyConnections',
    })
    expect(await sockets[2]!.closed).toBe(4429)
    for (const c of sockets) c.socket.close()
  })

  it('the defaults: a 10 s login timeout, a 30 s heartbeat, 10 per account, 500 per address', () => {
    expect(DEFAULT_SETTINGS.rtm).toEqual({
      loginTimeoutMs: 10_000,
      heartbeatMs: 30_000,
      maxPerUser: 10,
      maxPerAddress: 500,
    })
  })
})
