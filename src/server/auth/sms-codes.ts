import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { SmsLimits } from '../config'
import type { Db } from '../store/db'
import {
  deleteSmsCode,
  getSmsCode,
  keepSmsCode,
  phonesOfAddress,
  pruneSmsSends,
  recordSmsSend,
  recordWrongCode,
  sendsToPhone,
  voidSmsCode,
} from '../store/sms-codes'
import { ApiFailure } from '../http/errors'
import { SmsUnavailable, type SmsSender } from './sms'

/** Refusal codes of SMS codes (docs/rest.md). */
export const SmsCode = {
  wrongCode: 10023,
  tooSoon: 10024,
  smsUnavailable: 10027,
  locked: 10029,
  phoneDailyLimit: 10030,
  addressLimit: 10031,
} as const

export const CODE_TTL_MS = 5 * 60_000
/** Wrong codes before the phone is locked; a resend does not reset the count. */
export const MAX_CODE_ATTEMPTS = 5
export const LOCK_MS = 15 * 60_000
const DAY_MS = 24 * 60 * 60_000

export type { SmsLimits }

type Queryable = Pick<Db, 'query'>

const digest = (salt: string, code: string) =>
  createHash('sha256').update(`${salt}:${code}`).digest('base64url')

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000))

const lockedFailure = (until: number, now: number) =>
  new ApiFailure(SmsCode.locked, `too many wrong codes: try again in ${minutes(until - now)} min`, {
    field: 'code',
    reason: 'locked',
  })

/**
 * Sends a login code to a phone for a client address: one every `resendSeconds`, at most `perPhonePerDay` a
 * day to one phone, codes to at most `phonesPerAddressPerDay` phones a day from one address,
 * none while the phone is locked after wrong codes. A resend keeps the count of wrong codes.
 */
export async function sendCode(
  db: Queryable,
  sms: SmsSender,
  input: { phone: string; address: string; now: number; limits: SmsLimits },
): Promise<void> {
  const { phone, address, now, limits } = input
  const row = await getSmsCode(db, phone)
  if (row && Number(row.locked_until) > now) throw lockedFailure(Number(row.locked_until), now)
  const last = Number(row?.sent_at ?? 0)
  const resendMs = limits.resendSeconds * 1000
  if (now - last < resendMs)
    throw new ApiFailure(
      SmsCode.tooSoon,
      `please wait ${Math.ceil((resendMs - (now - last)) / 1000)} s before asking again`,
      { field: 'phone', reason: 'tooSoon' },
    )
  await pruneSmsSends(db, now - DAY_MS)
  if ((await sendsToPhone(db, phone, now - DAY_MS)) >= limits.perPhonePerDay)
    throw new ApiFailure(SmsCode.phoneDailyLimit, 'too many codes for this phone today', {
      field: 'phone',
      reason: 'phoneDailyLimit',
    })
  const phones = await phonesOfAddress(db, address, now - DAY_MS)
  if (phones.length >= limits.phonesPerAddressPerDay && !phones.includes(phone))
    throw new ApiFailure(SmsCode.addressLimit, 'too many phones asked for from this address', {
      reason: 'addressLimit',
    })

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const salt = randomBytes(8).toString('base64url')
  // The count of wrong codes survives a resend; it starts again once the last wrong one is old.
  await keepSmsCode(db, {
    phone,
    codeHash: `${salt}$${digest(salt, code)}`,
    now,
    expiresAt: now + CODE_TTL_MS,
    failuresBefore: now - LOCK_MS,
  })
  try {
    await sms.send(phone, code)
  } catch (error) {
    // Not sent: the code is void, but the wrong-code count stays.
    await voidSmsCode(db, phone)
    throw new ApiFailure(
      SmsCode.smsUnavailable,
      error instanceof SmsUnavailable ? error.message : 'the code could not be sent',
      { reason: 'smsUnavailable' },
    )
  }
  await recordSmsSend(db, phone, address, now)
}

/**
 * Checks and spends the phone's code. A wrong one counts; the fifth locks the phone for 15
 * minutes (the code is void, and neither a resend nor a right code opens it before then).
 */
export async function spendCode(
  db: Queryable,
  input: { phone: string; code: string; now: number },
): Promise<void> {
  const { phone, code, now } = input
  const row = await getSmsCode(db, phone)
  const wrong = () =>
    new ApiFailure(SmsCode.wrongCode, 'wrong or expired code', {
      field: 'code',
      reason: 'wrongCode',
    })
  if (row && Number(row.locked_until) > now) throw lockedFailure(Number(row.locked_until), now)
  if (!row || Number(row.expires_at) < now || row.attempts >= MAX_CODE_ATTEMPTS) throw wrong()
  const [salt = '', hash = ''] = row.code_hash.split('$')
  const given = Buffer.from(digest(salt, code))
  if (given.length === hash.length && timingSafeEqual(given, Buffer.from(hash))) {
    await deleteSmsCode(db, phone)
    return
  }
  const attempts = Number(row.attempts) + 1
  const locked = attempts >= MAX_CODE_ATTEMPTS
  await recordWrongCode(db, {
    phone,
    attempts,
    now,
    lockedUntil: locked ? now + LOCK_MS : 0,
    locked,
  })
  if (locked) throw lockedFailure(now + LOCK_MS, now)
  throw wrong()
}
