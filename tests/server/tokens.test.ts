import { createRequire } from 'node:module'
import agoraToken from 'agora-token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTokens } from '../../src/server/auth/tokens'
import { addMember } from '../../src/server/store/seats'
import { Client, enter, meeting, startServer, type TestServer } from './harness'

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

  it('[API-4] token/refresh renews the asking page’s member (uid), not the account’s latest; another account’s uid or a replaced member is refused', async () => {
    const { guest, host, name } = await meeting(server)
    const uidOf = (answer: { body: any }) =>
      String(parse(answer.body.data.rtcToken).services[1].__uid)
    const refresh = (uid?: string) =>
      guest.client.post(`${guest.path}/token/refresh${uid ? `?uid=${uid}` : ''}`)
    // The same account present twice (a second page entered, the first not yet replaced).
    const second = await addMember(server.app.db, {
      roomId: guest.room.roomId,
      userId: guest.me.userId,
      userName: guest.me.userName,
      userPhoto: '',
      role: 2,
      enableAudio: 0,
      enableVideo: 0,
      now: Date.now() + 1000,
    })
    expect(uidOf(await refresh(guest.me.uid))).toBe(guest.me.uid)
    const fresh = await refresh(second.uid)
    expect(uidOf(fresh)).toBe(second.uid)
    expect(String(parse(fresh.body.data.screenToken).services[1].__uid)).toBe(second.screenId)
    // Without a uid (an older client): the latest present member, as before.
    expect(uidOf(await refresh())).toBe(second.uid)
    for (const uid of [host.me.uid, '123456789'])
      expect((await refresh(uid)).body).toMatchObject({ code: 1401, msg: 'refresh token failed' })
    // A re-entry replaces the account's earlier members: their pages get no tokens of the new one.
    const again = await enter(server, { roomName: name, role: 2 }, guest.client)
    expect((await refresh(guest.me.uid)).body).toMatchObject({ code: 1401 })
    expect(uidOf(await refresh(again.me.uid))).toBe(again.me.uid)
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
