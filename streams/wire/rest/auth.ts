import { Type } from '@sinclair/typebox'
import { UserProfileSchema } from './scene'
import { AUTH_PREFIX, defineService, NoData, Text } from './route'

/** The fixed login system id ([API-5], spec §9). */
export { LOGIN_SYSTEM_ID } from '../constants'

/** A mainland or international mobile number: digits, an optional leading +. */
const Phone = Type.String({ minLength: 1, pattern: '^\\+?[0-9]{6,15}$', maxLength: 16 })
const Code = Type.String({ minLength: 1, pattern: '^[0-9]{4,8}$' })
/** The password, RSA-OAEP (SHA-256) encrypted with the key of genLoginEncKey, base64. */
const EncryptedPassword = Type.String({ minLength: 1, maxLength: 2048 })

/**
 * Login adds the fixed systemId and a service callback ([API-5]): the URL to go to after login.
 * The server accepts a callback on its own origin (or a path) only, and answers it back.
 */
const LoginFields = {
  systemId: Type.Integer(),
  service: Type.Optional(Type.String({ maxLength: 2048 })),
}

export const LoginAnswerSchema = Type.Object({
  user: UserProfileSchema,
  /** Where to go now: the validated service callback, '/home' when none was given. */
  service: Type.String(),
})

export const EncKeySchema = Type.Object({
  keyId: Type.String(),
  /** SPKI public key, PEM. */
  publicKey: Type.String(),
  algorithm: Type.Literal('RSA-OAEP-256'),
})

/** The auth service (spec §7): every call a form-encoded POST. */
export const AuthService = defineService(AUTH_PREFIX, 10011, {
  sendSms: {
    method: 'POST',
    path: 'send-sms',
    body: Type.Object({ phone: Phone }),
    data: Type.Object({ retryAfterSeconds: Type.Integer(), expiresInSeconds: Type.Integer() }),
    access: 'public',
    encoding: 'form',
  },
  smsLogin: {
    method: 'POST',
    path: 'smsLogin',
    body: Type.Object({ phone: Phone, code: Code, ...LoginFields }),
    data: LoginAnswerSchema,
    access: 'public',
    encoding: 'form',
  },
  userLogin: {
    method: 'POST',
    path: 'userLogin',
    body: Type.Object({
      /** Login name or phone number. */
      userName: Text(64),
      password: EncryptedPassword,
      keyId: Type.Optional(Type.String({ maxLength: 64 })),
      /** Required after repeated failures (see is-need-verify-code): an SMS code to the account's phone. */
      verifyCode: Type.Optional(Code),
      ...LoginFields,
    }),
    data: LoginAnswerSchema,
    access: 'public',
    encoding: 'form',
  },
  genLoginEncKey: {
    method: 'POST',
    path: 'genLoginEncKey',
    data: EncKeySchema,
    access: 'public',
    encoding: 'form',
  },
  isNeedVerifyCode: {
    method: 'POST',
    path: 'is-need-verify-code',
    body: Type.Object({ userName: Text(64) }),
    data: Type.Boolean(),
    access: 'public',
    encoding: 'form',
  },
  /** Sets the signed-in member's password (8 to 64 characters once decrypted). */
  setPwd: {
    method: 'POST',
    path: 'setPwd',
    body: Type.Object({
      password: EncryptedPassword,
      keyId: Type.Optional(Type.String({ maxLength: 64 })),
    }),
    data: NoData,
    access: 'member',
    encoding: 'form',
  },
  /** [ROUTE-4]: true for a logged-in member (a visitor is not logged in). */
  isLogin: {
    method: 'POST',
    path: 'isLogin',
    data: Type.Boolean(),
    access: 'public',
    encoding: 'form',
  },
  logout: {
    method: 'POST',
    path: 'logout',
    data: NoData,
    access: 'public',
    encoding: 'form',
  },
})
