import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { coalesce } from '../store/coalesce'
import type { Db } from '../store/db'
import {
  deleteExpiredSessions,
  deleteOtherSessions,
  deleteSession,
  insertSessions,
  sessionUser,
  type NewSession,
} from '../store/sessions'
import type { Tokens } from './tokens'

export const SESSION_COOKIE = 'roomcast_session'
/** Visitors get a generated nickname: this prefix plus a generated id ([HOME-4]). */
export const VISITOR_PREFIX = 'visitor_'
const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60
/** Expired sessions are deleted at most this often. */
const SWEEP_INTERVAL_MS = 60_000

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
 * Sessions kept on the server (table `sessions`), named by an httpOnly cookie holding a signed
 * token with the session id. Members log in (auth routes); a caller without a session becomes a
 * visitor on the routes that allow it, when visitors are allowed. Every login starts a new
 * session and ends the one the caller had, and a logout ends it on the server: a copy of an old
 * cookie is no session.
 */
export function createSessions(deps: SessionDeps) {
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.secureCookies,
    path: '/',
  }
  const sidOf = (request: FastifyRequest): string | null => {
    const token = request.cookies[SESSION_COOKIE]
    return (token && deps.tokens.verify(token, 'session')?.sid) || null
  }
  const end = async (request: FastifyRequest) => {
    const sid = sidOf(request)
    if (sid) await deleteSession(deps.db, sid)
  }
  // Sessions started together (a crowd entering) are written in one statement, with the user
  // rows of the visitors among them; expired ones are swept at most once a minute (a read checks
  // the expiry anyway).
  let swept = -Infinity
  const addSessions = coalesce(async (sessions: NewSession[]) => {
    const now = deps.now()
    if (now - swept >= SWEEP_INTERVAL_MS) {
      swept = now
      await deleteExpiredSessions(deps.db, now)
    }
    await insertSessions(deps.db, sessions, now)
    return sessions.map(() => undefined)
  })
  /** A new session for the account (a visitor's: with its user row); the caller's old one ends. */
  const start = async (
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    visitorName?: string,
  ) => {
    await end(request)
    const sid = randomBytes(24).toString('base64url')
    const expiresAt = deps.now() + SESSION_TTL_SECONDS * 1000
    await addSessions({ sid, userId, expiresAt, visitorName })
    reply.setCookie(
      SESSION_COOKIE,
      deps.tokens.sign({ kind: 'session', sub: userId, sid }, SESSION_TTL_SECONDS),
      { ...cookieOptions, maxAge: SESSION_TTL_SECONDS },
    )
  }

  return {
    async read(request: FastifyRequest): Promise<Identity | null> {
      const token = request.cookies[SESSION_COOKIE]
      const claims = token ? deps.tokens.verify(token, 'session') : null
      if (!claims?.sid) return null
      const user = await sessionUser(deps.db, claims.sid, claims.sub, deps.now())
      if (!user) return null
      const userType = user.userType === 'member' ? 'member' : 'visitor'
      if (userType === 'visitor' && !deps.allowVisitors) return null
      return { userId: user.userId, nickName: user.nickName, userType }
    },

    async startVisitor(request: FastifyRequest, reply: FastifyReply): Promise<Identity | null> {
      if (!deps.allowVisitors) return null
      const id = randomBytes(6).toString('hex')
      const identity: Identity = {
        userId: `v${id}`,
        nickName: `${VISITOR_PREFIX}${id}`,
        userType: 'visitor',
      }
      await start(request, reply, identity.userId, identity.nickName)
      return identity
    },

    /** Logs a member in: a new session (a new id) names that account; the caller's old one ends. */
    start: (request: FastifyRequest, reply: FastifyReply, userId: string) =>
      start(request, reply, userId),

    /** Every other session of the account ends (its password changed); the caller's stays. */
    async endOthers(request: FastifyRequest, userId: string): Promise<void> {
      await deleteOtherSessions(deps.db, userId, sidOf(request) ?? '')
    },

    /** Logs out: the session ends on the server and the cookie is cleared. */
    async clear(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      await end(request)
      reply.clearCookie(SESSION_COOKIE, cookieOptions)
    },
  }
}

export type SessionStore = ReturnType<typeof createSessions>
