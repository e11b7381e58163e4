import { NICKNAME_MIN_LENGTH } from './constants'

/** The names a user profile carries (spec §3 "Base user profile"). */
export interface ProfileNames {
  /** The name the user chose to join rooms with, if any. */
  readonly joinName?: string
  readonly nickName: string
  readonly loginName: string
}

/**
 * The name a user is shown and joins with: the join name they chose, else the nickname, except
 * that a nickname shorter than 3 characters falls back to the login name ([HOME-5]). Shared by
 * the server's profile answer and the home form, so the two always agree.
 */
export function displayName(user: ProfileNames): string {
  const joinName = user.joinName?.trim()
  if (joinName) return joinName
  const nickName = user.nickName.trim()
  if (nickName.length >= NICKNAME_MIN_LENGTH || !user.loginName.trim()) return nickName
  return user.loginName.trim()
}
