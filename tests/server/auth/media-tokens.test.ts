import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { Role, type RoleId } from '@streams/wire/roles'
import {
  agoraMediaTokens,
  MEDIA_TOKEN_TTL_SECONDS,
  mayPublish,
} from '../../../src/server/auth/media-tokens'
import {
  decode,
  JOIN,
  PUBLISH_AUDIO,
  PUBLISH_DATA,
  PUBLISH_VIDEO,
  RTC,
  RTM,
  RTM_LOGIN,
  signs,
} from './access-token2'

const APP_ID = '970CA35de60c44645bbae8a215061b33'
const CERTIFICATE = '5CFd2fd1755d40ecb72977518be15d3b'

const grant = (role: RoleId) => ({
  uid: '123456',
  screenUid: '223456',
  channel: 'room-ch-1',
  userId: 'u-1',
  role,
})

const ttl = MEDIA_TOKEN_TTL_SECONDS
const publishing = { [JOIN]: ttl, [PUBLISH_AUDIO]: ttl, [PUBLISH_VIDEO]: ttl, [PUBLISH_DATA]: ttl }

describe('Agora media tokens (agora-token, AccessToken2), decoded', () => {
  const tokens = agoraMediaTokens(APP_ID, CERTIFICATE)

  it('[ROLE-4] a host and a conferee: RTC tokens that join and publish, for the uid and the screen uid', () => {
    for (const role of [Role.host, Role.conferee]) {
      const set = tokens.issue(grant(role))
      const rtc = decode(set.rtcToken)
      expect(rtc.appId).toBe(APP_ID)
      expect(rtc.services).toEqual([
        { type: RTC, privileges: publishing, channel: 'room-ch-1', uid: '123456' },
      ])
      expect(decode(set.screenToken).services).toEqual([
        { type: RTC, privileges: publishing, channel: 'room-ch-1', uid: '223456' },
      ])
    }
  })

  it('[ROLE-4] a CDN audience and a projection screen: RTC tokens that only join', () => {
    for (const role of [Role.cdnAudience, Role.projection]) {
      const set = tokens.issue(grant(role))
      for (const [token, uid] of [
        [set.rtcToken, '123456'],
        [set.screenToken, '223456'],
      ] as const)
        expect(decode(token).services).toEqual([
          { type: RTC, privileges: { [JOIN]: ttl }, channel: 'room-ch-1', uid },
        ])
    }
    expect([Role.host, Role.conferee, Role.cdnAudience, Role.projection].map(mayPublish)).toEqual([
      true,
      true,
      false,
      false,
    ])
  })

  it('[API-4] the RTM token logs the uid in; each token and privilege lasts two hours from its issue', () => {
    const before = Math.floor(Date.now() / 1000)
    const set = tokens.issue(grant(Role.cdnAudience))
    const after = Math.ceil(Date.now() / 1000)
    const rtm = decode(set.rtmToken)
    expect(rtm.services).toEqual([
      { type: RTM, privileges: { [RTM_LOGIN]: ttl }, userId: '123456' },
    ])
    expect(ttl).toBe(7200)
    for (const token of [set.rtcToken, set.screenToken, set.rtmToken].map(decode)) {
      expect(token.expire).toBe(ttl)
      expect(token.issueTs).toBeGreaterThanOrEqual(before)
      expect(token.issueTs).toBeLessThanOrEqual(after)
    }
  })

  it('signed with the app certificate (and with no other), which never appears in a token', () => {
    const set = tokens.issue(grant(Role.host))
    for (const token of [set.rtcToken, set.screenToken, set.rtmToken]) {
      expect(signs(decode(token), CERTIFICATE)).toBe(true)
      expect(signs(decode(token), CERTIFICATE.replace('5', '6'))).toBe(false)
      expect(inflateSync(Buffer.from(token.slice(3), 'base64')).includes(CERTIFICATE)).toBe(false)
    }
    // Two issues differ (a fresh salt), so a refresh is a new token.
    expect(tokens.issue(grant(Role.host)).rtcToken).not.toBe(set.rtcToken)
  })

  it('an app id or certificate that is not 32 hexadecimal digits is refused by name (the builder would answer an empty token)', () => {
    expect(() => agoraMediaTokens('my-app', CERTIFICATE)).toThrow(/AGORA_APP_ID/)
    expect(() => agoraMediaTokens(APP_ID, `${CERTIFICATE}0`)).toThrow(/AGORA_APP_CERTIFICATE/)
  })
})
