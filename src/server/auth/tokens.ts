import { createHmac, timingSafeEqual } from 'node:crypto'

/** Claims of a short-lived token for the local realtime service or media signalling. */
export interface TokenClaims {
  /** What the token is for. */
  readonly kind: 'rtm' | 'rtc' | 'screen' | 'session' | 'board' | 'admission'
  /** The uid (realtime) or userId (session) it was issued to. */
  readonly sub: string
  /** The channel it admits to, when it is bound to one. */
  readonly ch?: string
  /** The account behind the uid. */
  readonly uid?: string
  /** A session token's server-side session id (a revoked one is no session). */
  readonly sid?: string
  /** Expiry, epoch seconds. */
  readonly exp: number
}

export interface Tokens {
  sign(claims: Omit<TokenClaims, 'exp'>, ttlSeconds?: number): string
  /** The claims when the token is genuine, unexpired and of the kind asked; otherwise null. */
  verify(token: string, kind: TokenClaims['kind']): TokenClaims | null
}

export const DEFAULT_TOKEN_TTL_SECONDS = 2 * 60 * 60

export function createTokens(secret: string, now: () => number = Date.now): Tokens {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url')
  return {
    sign(claims, ttlSeconds = DEFAULT_TOKEN_TTL_SECONDS) {
      const payload = Buffer.from(
        JSON.stringify({ ...claims, exp: Math.floor(now() / 1000) + ttlSeconds }),
      ).toString('base64url')
      return `${payload}.${mac(payload)}`
    },
    verify(token, kind) {
      const dot = token.indexOf('.')
      if (dot <= 0) return null
      const payload = token.slice(0, dot)
      const given = Buffer.from(token.slice(dot + 1))
      const expected = Buffer.from(mac(payload))
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      try {
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims
        if (claims.kind !== kind || typeof claims.exp !== 'number') return null
        if (claims.exp * 1000 <= now()) return null
        return claims
      } catch {
        return null
      }
    },
  }
}
