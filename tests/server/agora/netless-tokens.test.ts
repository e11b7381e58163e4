import { describe, expect, it } from 'vitest'
import { netlessProblem } from '../../../src/server/agora/netless'
import {
  boardRole,
  NETLESS_ROOM_TOKEN_TTL_MS,
  signRoomToken,
  signSdkToken,
} from '../../../src/server/agora/netless-tokens'
import { netlessSettingsFromEnv } from '../../../src/server/agora/netless-settings'
import { readNetlessToken } from './netless-token-reader'

const KEYS = { accessKey: 'ak-1', secretKey: 'sk-1' }

describe('Netless tokens (netless-token)', () => {
  it('[WB-2] [ROLE-1] the host administers the board, a granted guest writes, any other reads', () => {
    expect(boardRole({ role: 1, grantBoard: 0 })).toBe('admin')
    expect(boardRole({ role: 2, grantBoard: 1 })).toBe('writer')
    expect(boardRole({ role: 2, grantBoard: 0 })).toBe('reader')
    expect(boardRole({ role: 3, grantBoard: 0 })).toBe('reader')
  })

  it('a room token carries its role, room uuid, access key and expiry, signed with the secret key', () => {
    for (const role of ['admin', 'writer', 'reader'] as const) {
      const before = Date.now()
      const token = readNetlessToken(signRoomToken(KEYS, 'uuid-1', role), KEYS.secretKey)
      expect(token).toMatchObject({
        prefix: 'NETLESSROOM_',
        role,
        uuid: 'uuid-1',
        ak: 'ak-1',
        signed: true,
      })
      expect(token.expireAt).toBeGreaterThanOrEqual(before + NETLESS_ROOM_TOKEN_TTL_MS)
      expect(token.expireAt).toBeLessThanOrEqual(Date.now() + NETLESS_ROOM_TOKEN_TTL_MS)
    }
    const other = readNetlessToken(signRoomToken(KEYS, 'uuid-1', 'reader'), 'another secret')
    expect(other.signed).toBe(false)
    // Two tokens of the same grant differ (a nonce each).
    expect(signRoomToken(KEYS, 'u', 'reader')).not.toBe(signRoomToken(KEYS, 'u', 'reader'))
  })

  it("the server's own SDK token is an admin's and short-lived", () => {
    const token = readNetlessToken(signSdkToken(KEYS, 60_000), KEYS.secretKey)
    expect(token).toMatchObject({ prefix: 'NETLESSSDK_', role: 'admin', signed: true })
    expect(token.uuid).toBeUndefined()
    expect(token.expireAt! - Date.now()).toBeLessThanOrEqual(60_000)
  })

  it('missing or wrong settings are named; complete ones are none', () => {
    const problem = (env: NodeJS.ProcessEnv) => netlessProblem(netlessSettingsFromEnv(env))
    const keys = { NETLESS_ACCESS_KEY: 'a', NETLESS_SECRET_KEY: 's' }
    expect(problem({ ...keys })).toBe('NETLESS_APP_ID is not set')
    expect(problem({ NETLESS_APP_ID: 'app' })).toBe(
      'neither NETLESS_ACCESS_KEY with NETLESS_SECRET_KEY nor NETLESS_SDK_TOKEN is set',
    )
    expect(problem({ NETLESS_APP_ID: 'app', NETLESS_ACCESS_KEY: 'a' })).toBe(
      'NETLESS_SECRET_KEY is not set (NETLESS_ACCESS_KEY is)',
    )
    expect(problem({ NETLESS_APP_ID: 'app', NETLESS_SDK_TOKEN: 'abc' })).toBe(
      'NETLESS_SDK_TOKEN is not an SDK token (those start with NETLESSSDK_)',
    )
    expect(problem({ NETLESS_APP_ID: 'app', ...keys, NETLESS_REGION: 'mars' })).toMatch(
      /^NETLESS_REGION must be one of cn-hz, us-sv, .* got 'mars'$/,
    )
    expect(problem({ NETLESS_APP_ID: 'app', ...keys, NETLESS_API_URL: 'ftp://x' })).toMatch(
      /^NETLESS_API_URL must be an http\(s\) URL/,
    )
    expect(problem({ NETLESS_APP_ID: 'app', ...keys })).toBeUndefined()
    expect(problem({ NETLESS_APP_ID: 'app', NETLESS_SDK_TOKEN: 'NETLESSSDK_x' })).toBeUndefined()
    expect(netlessSettingsFromEnv({})).toMatchObject({
      region: 'cn-hz',
      apiUrl: 'https://api.netless.link',
    })
  })
})
