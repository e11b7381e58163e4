import { constants, createHash, generateKeyPairSync, privateDecrypt } from 'node:crypto'
import type { Db } from '../store/db'
import { keepSettingOnce, readSetting } from '../store/settings'

/**
 * The RSA key the client encrypts passwords with (genLoginEncKey): RSA-OAEP with SHA-256, which
 * the browser's Web Crypto does natively. Generated once and kept in the database, so every
 * server process sharing it decrypts alike.
 */
export interface LoginKeys {
  readonly keyId: string
  readonly publicKey: string
  /** The plain text, or null when it does not decrypt. */
  decrypt(base64: string): string | null
}

export async function loadLoginKeys(db: Pick<Db, 'query'>): Promise<LoginKeys> {
  const read = async () => {
    const value = await readSetting(db, 'login_key')
    return value ? (JSON.parse(value) as { publicKey: string; privateKey: string }) : null
  }
  let pair = await read()
  if (!pair) {
    const generated = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    })
    await keepSettingOnce(db, 'login_key', JSON.stringify(generated))
    pair = (await read())!
  }
  const { publicKey, privateKey } = pair
  return {
    keyId: createHash('sha256').update(publicKey).digest('hex').slice(0, 16),
    publicKey,
    decrypt(base64) {
      try {
        return privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(base64, 'base64'),
        ).toString('utf8')
      } catch {
        return null
      }
    },
  }
}
