import { createHmac } from 'node:crypto'
import { inflateSync } from 'node:zlib'
import { expect } from 'vitest'

/** AccessToken2's service types and privileges, as Agora's token documentation numbers them. */
export const RTC = 1
export const RTM = 2
export const JOIN = 1
export const PUBLISH_AUDIO = 2
export const PUBLISH_VIDEO = 3
export const PUBLISH_DATA = 4
export const RTM_LOGIN = 1

interface Service {
  readonly type: number
  readonly privileges: Record<number, number>
  readonly channel?: string
  readonly uid?: string
  readonly userId?: string
}

/**
 * Decodes an AccessToken2 by its published layout, independently of the builder: '007', then
 * base64 of deflated bytes: the signature, then the signed part (app id, issue time, expiry,
 * salt, and each service with its privileges' expiries); integers little-endian, strings with a
 * 16-bit length.
 */
export function decode(token: string) {
  expect(token.slice(0, 3)).toBe('007')
  const buf = inflateSync(Buffer.from(token.slice(3), 'base64'))
  let at = 0
  const u16 = () => ((at += 2), buf.readUInt16LE(at - 2))
  const u32 = () => ((at += 4), buf.readUInt32LE(at - 4))
  const bytes = () => {
    const n = u16()
    at += n
    return buf.subarray(at - n, at)
  }
  const text = () => bytes().toString('utf8')
  const signature = bytes()
  const signedFrom = at
  const appId = text()
  const issueTs = u32()
  const expire = u32()
  const salt = u32()
  const services: Service[] = []
  for (let n = u16(); n > 0; n--) {
    const type = u16()
    const privileges: Record<number, number> = {}
    for (let p = u16(); p > 0; p--) privileges[u16()] = u32()
    if (type === RTC) services.push({ type, privileges, channel: text(), uid: text() })
    else if (type === RTM) services.push({ type, privileges, userId: text() })
    else throw new Error(`unexpected service ${type}`)
  }
  expect(at).toBe(buf.length)
  return { signature, signed: buf.subarray(signedFrom, at), appId, issueTs, expire, salt, services }
}

/** The signature Agora's servers check: HMAC-SHA256 chained over issue time, salt and content. */
export function signs(token: ReturnType<typeof decode>, certificate: string): boolean {
  const hmac = (key: Buffer, message: Buffer | string) =>
    createHmac('sha256', key).update(message).digest()
  const u32 = (n: number) => {
    const b = Buffer.alloc(4)
    b.writeUInt32LE(n)
    return b
  }
  const key = hmac(u32(token.salt), hmac(u32(token.issueTs), certificate))
  return hmac(key, token.signed).equals(token.signature)
}
