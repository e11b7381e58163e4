import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { NetlessError, NetlessRest } from '../../../src/server/agora/netless-rest'
import { NetlessDouble } from './netless-double'

const SDK_TOKEN = 'NETLESSSDK_YWs9dGVzdCZub25jZT0xJnJvbGU9MCZzaWc9MDA'
let double: NetlessDouble
let rest: NetlessRest

beforeAll(async () => {
  double = await new NetlessDouble().start()
  rest = new NetlessRest({ apiUrl: double.url, region: 'us-sv' })
})
afterAll(() => double.close())
beforeEach(() => {
  double.heard.length = 0
  double.failWith = undefined
  double.malformedRoom = false
})

describe("Netless REST calls, against the API's documented shapes", () => {
  it('creates a room: POST /v5/rooms with the SDK token, region and a JSON body; answers its uuid', async () => {
    const room = await rest.createRoom(SDK_TOKEN)
    expect(room.uuid).toMatch(/^[0-9a-f]{32}$/)
    const [call] = double.calls('/v5/rooms')
    expect(call).toMatchObject({
      method: 'POST',
      headers: { token: SDK_TOKEN, region: 'us-sv', 'content-type': 'application/json' },
      body: { isRecord: false, limit: 0 },
    })
  })

  it('asks a room token: POST /v5/tokens/rooms/{uuid} with lifespan (ms) and role; answers the token', async () => {
    const token = await rest.roomToken(SDK_TOKEN, 'abc123', { role: 'reader', lifespanMs: 60_000 })
    expect(token.startsWith('NETLESSROOM_')).toBe(true)
    expect(double.calls('/v5/tokens/rooms/abc123')[0]).toMatchObject({
      method: 'POST',
      headers: { token: SDK_TOKEN, region: 'us-sv' },
      body: { lifespan: 60_000, role: 'reader' },
    })
  })

  it("a refusal is a NetlessError with the status and the service's message", async () => {
    double.failWith = { status: 401, message: 'token is invalid' }
    const error = await rest.createRoom(SDK_TOKEN).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetlessError)
    expect(error).toMatchObject({ status: 401 })
    expect((error as Error).message).toBe(
      'the whiteboard service refused POST /v5/rooms (HTTP 401): token is invalid',
    )
  })

  it('an answer not of the documented shape is refused, naming what is wrong', async () => {
    double.malformedRoom = true
    await expect(rest.createRoom(SDK_TOKEN)).rejects.toThrow(
      /answered POST \/v5\/rooms unexpectedly: \/uuid/,
    )
  })

  it('no answer (nothing listening) is a NetlessError naming the call', async () => {
    const gone = new NetlessRest({ apiUrl: 'http://127.0.0.1:9', region: 'cn-hz', timeoutMs: 2000 })
    await expect(gone.createRoom(SDK_TOKEN)).rejects.toThrow(/did not answer POST \/v5\/rooms/)
  })
})
