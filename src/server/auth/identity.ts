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
  /** A logged-in member, or a visitor (spec §1). */
  readonly userType: 'visitor' | 'member'
}

export interface SessionDeps {
  readonly db: Pick<Db, 'query'>
  readonly tokens: Tokens
  readonly now: () => number
  readonly allowVisitors: boolean
  readonly secureCookies: boolean
}

/**
 * Sessions in an httpOnly cookie holding a signed token. Members log in (auth routes); a caller
 * without a session becomes a visitor on the routes that allow it, when visitors are allowed.
 */
export function createSessions(deps: SessionDeps) {
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.secureCookies,
    path: '/',
  }
  const start = (reply: FastifyReply, userId: string) =>
    reply.setCookie(
      SESSION_COOKIE,
      deps.tokens.sign({ kind: 'session', sub: userId }, SESSION_TTL_SECONDS),
      { ...cookieOptions, maxAge: SESSION_TTL_SECONDS },
    )

  return {
    async read(request: FastifyRequest): Promise<Identity | null> {
      const token = request.cookies[SESSION_COOKIE]
      const claims = token ? deps.tokens.verify(token, 'session') : null
      if (!claims) return null
      const { rows } = await deps.db.query<{
        user_id: string
        nick_name: string
        user_type: string
      }>('SELECT user_id, nick_name, user_type FROM users WHERE user_id = $1', [claims.sub])
      const row = rows[0]
      if (!row) return null
      const userType = row.user_type === 'member' ? 'member' : 'visitor'
      if (userType === 'visitor' && !deps.allowVisitors) return null
      return { userId: row.user_id, nickName: row.nick_name, userType }
    },

    async startVisitor(reply: FastifyReply): Promise<Identity | null> {
      if (!deps.allowVisitors) return null
      const id = randomBytes(6).toString('hex')
      const identity: Identity = {
        userId: `v${id}`,
        nickName: `${VISITOR_PREFIX}${id}`,
        userType: 'visitor',
      }
      await deps.db.query(
        'INSERT INTO users (user_id, nick_name, user_type, created_at) VALUES ($1, $2, $3, $4)',
        [identity.userId, identity.nickName, 'visitor', deps.now()],
      )
      start(reply, identity.userId)
      return identity
    },

    /** Logs a member in: the cookie now names that account. */
    start,

    clear(reply: FastifyReply): void {
      reply.clearCookie(SESSION_COOKIE, cookieOptions)
    },
  }
}

export type SessionStore = ReturnType<typeof createSessions>
