import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { settingsFromEnv } from '../../src/server/config'
import { startServer, type TestServer } from './harness'

const TURN = [
  { urls: 'stun:stun.example.com:3478' },
  { urls: ['turn:turn.example.com:3478'], username: 'roomcast', credential: 'secret' },
]

describe('ICE servers for local-mode WebRTC (docs/media.md)', () => {
  it('ICE_SERVERS is a JSON list of RTCIceServer; anything else is refused at start', () => {
    expect(settingsFromEnv({ ICE_SERVERS: JSON.stringify(TURN) }).iceServers).toEqual(TURN)
    expect(settingsFromEnv({}).iceServers).toBeUndefined()
    expect(() => settingsFromEnv({ ICE_SERVERS: 'turn:x' })).toThrow(/must be JSON/)
    expect(() => settingsFromEnv({ ICE_SERVERS: '[{"url":"turn:x"}]' })).toThrow(/ICE_SERVERS/)
  })

  describe('GET /api/config', () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer({ settings: { iceServers: TURN } })
    }, 180_000)
    afterAll(() => server.close())

    it('answers the ICE servers in local mode, so the media adapter can use a TURN server', async () => {
      const answer = await fetch(`${server.url}/api/config`)
      const body = (await answer.json()) as { data: { mode: string; iceServers: unknown } }
      expect(body.data).toMatchObject({ mode: 'local', iceServers: TURN })
    })
  })
})
