import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../store/db'
import type { Tokens } from './tokens'

export const SESSION_COOKIE = 'roomcast_session'
/** Visitors get a generated nickname: this prefix plus a generated id ([HOME-4]). */
export const VISITOR_PREFIX = 'visitor_'
const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60

export interface Identity {
  readonly userId: string
  readonly nickName: string
}

/**
 * Who is calling: the account in the httpOnly session cookie. A caller without one becomes a
 * visitor with a generated nickname, and gets the cookie.
 */
export async function identify(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { db: Db; tokens: Tokens; secure: boolean },
): Promise<Identity> {
  const token = request.cookies[SESSION_COOKIE]
  const claims = token ? deps.tokens.verify(token, 'session') : null
  if (claims) {
    const { rows } = await deps.db.query<{ user_id: string; nick_name: string }>(
      'SELECT user_id, nick_name FROM users WHERE user_id = $1',
      [claims.sub],
    )
    const row = rows[0]
    if (row) return { userId: row.user_id, nickName: row.nick_name }
  }
  const id = randomBytes(6).toString('hex')
  const identity = { userId: `v${id}`, nickName: `${VISITOR_PREFIX}${id}` }
  await deps.db.query(
    'INSERT INTO users (user_id, nick_name, user_type, created_at) VALUES ($1, $2, $3, $4)',
    [identity.userId, identity.nickName, 'visitor', Date.now()],
  )
  reply.setCookie(
    SESSION_COOKIE,
    deps.tokens.sign({ kind: 'session', sub: identity.userId }, SESSION_TTL_SECONDS),
    {
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secure,
      path: '/',
      maxAge: SESSION_TTL_SECONDS,
    },
  )
  return identity
}
