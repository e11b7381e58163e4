import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket, { WebSocketServer } from 'ws'
import { LocalMessaging } from '../../../src/adapters/local-messaging/local-messaging'
import type { Event } from '@streams/events'
import { LOGIN_TIMEOUT, TOO_MANY_CONNECTIONS } from '@streams/wire/constants'
import { CloseCode } from '@streams/wire/realtime'

/** A realtime endpoint that closes every socket with one code once it asks to log in. */
async function closingWith(code: number): Promise<WebSocketServer> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  server.on('connection', (socket) => socket.on('message', () => socket.close(code, 'bye')))
  await new Promise((resolve) => server.once('listening', resolve))
  return server
}
const urlOf = (server: WebSocketServer) =>
  `ws://127.0.0.1:${(server.address() as { port: number }).port}/rtm`

describe('the realtime service closing a connection with its own codes', () => {
  let server: WebSocketServer | undefined
  beforeAll(() => {
    ;(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket
  })
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve))
  })

  async function loginClosedWith(code: number) {
    server = await closingWith(code)
    const messaging = new LocalMessaging(urlOf(server))
    const events: Event[] = []
    messaging.events$.subscribe((e) => events.push(e))
    const error = await messaging.login('u1', 'token').then(
      () => undefined,
      (e: unknown) => e as { code?: string },
    )
    return { error, events }
  }

  it('one connection too many (4429) is ABORTED, and the login fails as refused, not as a drop', async () => {
    const { error, events } = await loginClosedWith(CloseCode.tooManyConnections)
    expect(error?.code).toBe('tooManyConnections')
    expect(events).toEqual([
      { type: 'rtm/connectionStateChanged', state: 'ABORTED', reason: TOO_MANY_CONNECTIONS },
    ])
  })

  it('a login timeout (4408) is a drop to reconnect after', async () => {
    const { error, events } = await loginClosedWith(CloseCode.loginTimeout)
    expect(error?.code).toBe('closed')
    expect(events).toEqual([
      { type: 'rtm/connectionStateChanged', state: 'DISCONNECTED', reason: LOGIN_TIMEOUT },
    ])
  })
})
