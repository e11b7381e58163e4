import { createRequire } from 'node:module'
import agoraToken from 'agora-token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTokens } from '../../src/server/auth/tokens'
import { Client, meeting, startServer, type TestServer } from './harness'

const APP_ID = '970CA35de60c44645bbae8a215061b33'
const CERTIFICATE = '5CFd2fd1755d40ecb72977518be15d3b'

let server: TestServer
beforeAll(async () => {
  server = await startServer({ settings: { agoraAppId: APP_ID, agoraAppCertificate: CERTIFICATE } })
})
afterAll(() => server.close())

/** Decodes an AccessToken2 ('007' + base64(deflate(...))) with Agora's own parser. */
function parse(token: string) {
  const { AccessToken2 } = createRequire(import.meta.url)('agora-token/src/AccessToken2') as {
    AccessToken2: new () => {
      from_string(t: string): boolean | undefined
      appId: string
      services: Record<number, any>
    }
  }
  const parsed = new AccessToken2()
  // It answers false for another token version, nothing on success.
  expect(parsed.from_string(token)).not.toBe(false)
  return parsed
}

describe('tokens', () => {
  it('[API-4] Agora mode: /api/config says agora with the app id (never the certificate); entry and refresh give real Agora tokens', async () => {
    const config = await new Client(server.url).get('/api/config')
    expect(config.body.data).toMatchObject({ mode: 'agora', agoraAppId: APP_ID })
    expect(JSON.stringify(config.body)).not.toContain(CERTIFICATE)
    const { guest } = await meeting(server)
    expect(guest.me.appID).toBe(APP_ID)
    for (const token of [guest.me.rtcToken, guest.me.rtmToken, guest.me.screenToken]) {
      expect(token.startsWith('007')).toBe(true)
      expect(String(parse(token).appId)).toBe(APP_ID)
    }
    const rtc = parse(guest.me.rtcToken).services[1]
    expect(String(rtc.__channel_name)).toBe(guest.room.channelName)
    expect(String(rtc.__uid)).toBe(guest.me.uid)
    expect(parse(guest.me.screenToken).services[1].__uid.toString()).toBe(guest.me.screenId)
    expect(parse(guest.me.rtmToken).services[2].__user_id.toString()).toBe(guest.me.uid)
    const fresh = await guest.client.post(`${guest.path}/token/refresh`)
    expect(fresh.body.data.rtcToken.startsWith('007')).toBe(true)
    expect(agoraToken.RtcRole.PUBLISHER).toBe(1)
  })

  it('local tokens are signed, short-lived and bound to their kind', () => {
    let now = 1_000_000
    const tokens = createTokens('secret', () => now)
    const token = tokens.sign({ kind: 'rtm', sub: '123456', ch: 'c' }, 60)
    expect(tokens.verify(token, 'rtm')).toMatchObject({ sub: '123456', ch: 'c' })
    expect(tokens.verify(token, 'rtc')).toBeNull()
    expect(
      tokens.verify(
        token.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')),
        'rtm',
      ),
    ).toBeNull()
    expect(createTokens('other', () => now).verify(token, 'rtm')).toBeNull()
    now += 61_000
    expect(tokens.verify(token, 'rtm')).toBeNull()
  })
})
