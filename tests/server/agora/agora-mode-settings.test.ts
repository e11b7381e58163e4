import { describe, expect, it } from 'vitest'
import { settingsFromEnv } from '../../../src/server/config'

const APP_ID = '0123456789abcdef0123456789abcdef'
const CERTIFICATE = 'fedcba9876543210fedcba9876543210'

describe('Agora mode settings', () => {
  it('both the App ID and the certificate turn Agora mode on; neither keeps local mode', () => {
    expect(
      settingsFromEnv({ AGORA_APP_ID: APP_ID, AGORA_APP_CERTIFICATE: CERTIFICATE }),
    ).toMatchObject({ agoraAppId: APP_ID, agoraAppCertificate: CERTIFICATE })
    const local = settingsFromEnv({})
    expect(local.agoraAppId).toBeUndefined()
    expect(local.agoraAppCertificate).toBeUndefined()
  })

  it('one without the other is refused at start, naming the missing setting (it ran local mode silently)', () => {
    expect(() => settingsFromEnv({ AGORA_APP_ID: APP_ID })).toThrow(
      'AGORA_APP_CERTIFICATE is not set while AGORA_APP_ID is',
    )
    expect(() => settingsFromEnv({ AGORA_APP_CERTIFICATE: CERTIFICATE })).toThrow(
      'AGORA_APP_ID is not set while AGORA_APP_CERTIFICATE is',
    )
  })
})
