import { routes } from './first-load'
import type { UserProfile } from '@streams/wire/rest/scene'
import type { LightClient } from './light-client'

/** [API-5] The fixed login system id (spec §9). */
export const LOGIN_SYSTEM_ID = 65

/** The auth service (spec §7 "Login and auth") and the current user's info. */
export class AuthApi {
  constructor(private readonly client: LightClient) {}

  /** [ROUTE-7] The user info (GET user of the scene service). */
  currentUser(): Promise<UserProfile> {
    return this.client.call(routes['scene.user'], {})
  }

  /** [ROUTE-4] The login check: true for a logged-in member. */
  isLogin(): Promise<boolean> {
    return this.client.call(routes['auth.isLogin'], {})
  }

  sendSms(phone: string) {
    return this.client.call(routes['auth.sendSms'], { body: { phone } })
  }

  /** [API-5] Login and smsLogin add the fixed system id and the service callback. */
  smsLogin(phone: string, code: string, service?: string) {
    return this.client.call(routes['auth.smsLogin'], {
      body: { phone, code, systemId: LOGIN_SYSTEM_ID, service },
    })
  }

  isNeedVerifyCode(userName: string): Promise<boolean> {
    return this.client.call(routes['auth.isNeedVerifyCode'], { body: { userName } })
  }

  /** Password login: the password leaves the browser only encrypted with the server's key. */
  async userLogin(userName: string, password: string, verifyCode?: string, service?: string) {
    const sealed = await this.seal(password)
    return this.client.call(routes['auth.userLogin'], {
      body: { userName, ...sealed, verifyCode, systemId: LOGIN_SYSTEM_ID, service },
    })
  }

  async setPassword(password: string): Promise<void> {
    await this.client.call(routes['auth.setPwd'], { body: await this.seal(password) })
  }

  async logout(): Promise<void> {
    await this.client.call(routes['auth.logout'], {})
  }

  /** Public facts about a room (no login): the share pages and the home form read them. */
  roomCard(roomId: string) {
    return this.client.call(routes['sceneV1.externalInfo'], { params: { uuid: roomId } })
  }

  /** Encrypts with the key of genLoginEncKey (RSA-OAEP, SHA-256), base64. */
  private async seal(password: string): Promise<{ password: string; keyId: string }> {
    const key = await this.client.call(routes['auth.genLoginEncKey'], {})
    return { password: await encryptWithPem(key.publicKey, password), keyId: key.keyId }
  }
}

export async function encryptWithPem(pem: string, text: string): Promise<string> {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '')
  const der = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
  const key = await crypto.subtle.importKey(
    'spki',
    der,
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  )
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(text)),
  )
  let binary = ''
  for (const byte of sealed) binary += String.fromCharCode(byte)
  return btoa(binary)
}
