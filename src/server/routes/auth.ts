import { randomBytes } from 'node:crypto'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { AuthService, LOGIN_SYSTEM_ID } from '@streams/wire/rest/auth'
import { VISITOR_PREFIX, type SessionStore } from '../auth/identity'
import type { LoginKeys } from '../auth/login-keys'
import { hashPassword, verifyPassword } from '../auth/passwords'
import { toProfile } from '../auth/profile'
import { clearLoginFailures, loginFailures, recordLoginFailure } from '../store/login-failures'
import {
  findMemberByLogin,
  findUserByPhone,
  getUser,
  setPasswordHash,
  upsertPhoneMember,
  type UserRow,
} from '../store/users'
import type { SmsSender } from '../auth/sms'
import { CODE_TTL_MS, sendCode, spendCode } from '../auth/sms-codes'
import { ApiFailure } from '../http/errors'
import { registerService } from '../http/register'
import type { RouteOptions } from './options'

/** Refusal codes of the auth service (docs/rest.md). */
const AuthCode = {
  systemId: 10021,
  service: 10022,
  wrongPassword: 10025,
  verifyNeeded: 10026,
  badPassword: 10028,
} as const

/** Failed password logins before an SMS verify code is required. */
const FAILURES_BEFORE_VERIFY = 3
const FAILURE_WINDOW_MS = 15 * 60_000

/** The auth service (spec §7): SMS and password login, the encryption key, sessions. */
export const authRoutes: FastifyPluginAsync<
  RouteOptions & { auth: { sessions: SessionStore; keys: LoginKeys; sms: SmsSender } }
> = async (app, { deps, register: options, auth }) => {
  const { db } = deps
  const { sessions, keys, sms } = auth

  /** [API-5]: the fixed systemId, and a service callback on this origin only. */
  const checkLogin = (request: FastifyRequest, body: { systemId: number; service?: string }) => {
    if (body.systemId !== LOGIN_SYSTEM_ID)
      throw new ApiFailure(AuthCode.systemId, `unknown systemId ${body.systemId}`, {
        field: 'systemId',
        reason: 'systemId',
      })
    const service = body.service?.trim() || '/home'
    const here = `${request.protocol}://${request.host}`
    const own = new Set([URL.canParse(here) ? new URL(here).origin : here])
    if (deps.settings.publicUrl) own.add(new URL(deps.settings.publicUrl).origin)
    // Read as a browser reads it: a path starting with two slashes, a slash and a backslash, or
    // a slash, a tab and a slash, leads to another host. Backslashes and control characters are
    // refused outright; what is left must resolve to this origin.
    const origin = URL.canParse(service, here) ? new URL(service, here).origin : ''
    const unsafe = [...service].some((c) => c === '\\' || c <= '\u001f' || c === '\u007f')
    if (service.startsWith('//') || unsafe || !own.has(origin))
      throw new ApiFailure(AuthCode.service, 'service callback not allowed', {
        field: 'service',
        reason: 'service',
      })
    return service
  }

  /** Checks and spends an SMS code for the phone (a wrong one counts toward the lockout). */
  const spend = (phone: string, code: string) => spendCode(db, { phone, code, now: deps.now() })

  const loggedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    service: string,
  ) => {
    await sessions.start(request, reply, user.user_id)
    return { user: await toProfile(db, user), service }
  }

  registerService(
    app,
    AuthService,
    {
      async sendSms({ body, request }) {
        await sendCode(db, sms, {
          phone: body.phone,
          address: request.ip,
          now: deps.now(),
          limits: deps.settings.sms,
        })
        return {
          retryAfterSeconds: deps.settings.sms.resendSeconds,
          expiresInSeconds: CODE_TTL_MS / 1000,
        }
      },

      async smsLogin({ body, request, reply, identity }) {
        const service = checkLogin(request, body)
        await spend(body.phone, body.code)
        let user = await findUserByPhone(db, body.phone)
        if (!user) {
          // A visitor who logs in keeps its account (and its rooms) as a member. Its generated
          // visitor nickname gives way to a member's: a signed-in user is no 'visitor_…'.
          const nick = `member_${body.phone.slice(-4)}`
          const userId =
            identity?.userType === 'visitor'
              ? identity.userId
              : `u${randomBytes(6).toString('hex')}`
          user = await upsertPhoneMember(db, {
            userId,
            nick,
            phone: body.phone,
            now: deps.now(),
            visitorPrefix: VISITOR_PREFIX,
          })
        }
        return loggedIn(request, reply, user, service)
      },

      async userLogin({ body, request, reply }) {
        const service = checkLogin(request, body)
        const password = keys.decrypt(body.password)
        if (password === null || (body.keyId && body.keyId !== keys.keyId))
          throw new ApiFailure(
            AuthCode.badPassword,
            'the password could not be decrypted: get a new key',
            {
              field: 'password',
              reason: 'badEncryption',
            },
          )
        const name = body.userName.trim()
        const user = await findMemberByLogin(db, name)
        if (await needsVerify(name)) {
          if (!body.verifyCode || !user?.phone)
            throw new ApiFailure(AuthCode.verifyNeeded, 'verify code needed', {
              field: 'verifyCode',
              reason: 'verifyNeeded',
            })
          await spend(user.phone, body.verifyCode)
        }
        if (!user?.password_hash || !(await verifyPassword(password, user.password_hash))) {
          await recordLoginFailure(db, name, deps.now(), deps.now() - FAILURE_WINDOW_MS)
          throw new ApiFailure(AuthCode.wrongPassword, 'wrong user name or password', {
            field: 'password',
            reason: 'wrongPassword',
          })
        }
        await clearLoginFailures(db, name)
        return loggedIn(request, reply, user, service)
      },

      async genLoginEncKey() {
        return { keyId: keys.keyId, publicKey: keys.publicKey, algorithm: 'RSA-OAEP-256' as const }
      },

      async isNeedVerifyCode({ body }) {
        return needsVerify(body.userName.trim())
      },

      async setPwd({ body, who, request }) {
        const password = keys.decrypt(body.password)
        if (password === null || (body.keyId && body.keyId !== keys.keyId))
          throw new ApiFailure(
            AuthCode.badPassword,
            'the password could not be decrypted: get a new key',
            {
              field: 'password',
              reason: 'badEncryption',
            },
          )
        if ([...password].length < 8 || [...password].length > 64)
          throw new ApiFailure(400, 'params: password must be 8 to 64 characters', {
            status: 400,
            field: 'password',
            reason: 'length',
          })
        await setPasswordHash(db, who.userId, await hashPassword(password))
        // Whoever else held a session of this account (another browser, a stolen cookie) is out.
        await sessions.endOthers(request, who.userId)
        return null
      },

      async isLogin({ identity }) {
        if (identity?.userType !== 'member') return false
        return Boolean(await getUser(db, identity.userId))
      },

      async logout({ request, reply }) {
        await sessions.clear(request, reply)
        return null
      },
    },
    options,
  )

  async function needsVerify(userName: string): Promise<boolean> {
    const row = await loginFailures(db, userName)
    return Boolean(
      row && row.failures >= FAILURES_BEFORE_VERIFY && row.lastAt > deps.now() - FAILURE_WINDOW_MS,
    )
  }
}
