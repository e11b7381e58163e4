/**
 * Keys whose values are secrets: tokens, passwords, SMS and verification codes, phone numbers,
 * cookies, CDN push URLs (their stream key lets anyone broadcast in the room's name). They are
 * never recorded, never exported (DEVELOPERS.md convention 9).
 */
const SECRET_KEY =
  /token|password|passwd|pwd|secret|smscode|sms_code|verifycode|verify_code|captcha|phone|mobile|cookie|authorization|pushurl/i

export const REDACTED = '[redacted]'

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key)
}

/**
 * A deep copy of `value` with every secret-named field's text or number replaced (a flag such as
 * `mobile: false` is no secret). Only plain data (objects, arrays) is walked: persistent structures inside a state were built from redacted events.
 */
export function redact<T>(value: T): T {
  return walk(value) as T
}

function walk(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(walk)
  if (value === null || typeof value !== 'object') return value
  const proto = Object.getPrototypeOf(value) as unknown
  if (proto !== Object.prototype && proto !== null) return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      isSecretKey(key) && (typeof inner === 'string' ? inner !== '' : typeof inner === 'number')
        ? REDACTED
        : walk(inner)
  }
  return out
}
