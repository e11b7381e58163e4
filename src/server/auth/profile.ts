import type { UserProfile } from '@streams/wire/rest/scene'
import type { Db } from '../store/db'
import { roomCounts, type UserRow } from '../store/users'
import { displayName } from '@streams/wire/names'

const mask = (phone: string | null) =>
  phone ? phone.replace(/^(\+?\d{3})\d*(\d{4})$/, (_, a: string, b: string) => `${a}****${b}`) : ''

/** The profile the client shows (spec §3 "Base user profile"); the phone is masked. */
export async function toProfile(db: Pick<Db, 'query'>, user: UserRow): Promise<UserProfile> {
  const counts = await roomCounts(db, user.user_id)
  const member = user.user_type === 'member'
  return {
    uid: user.user_id,
    userId: user.user_id,
    loginName: user.login_name ?? '',
    nickName: user.nick_name,
    // [HOME-5] a nickname shorter than 3 characters falls back to the login name
    name: displayName({
      joinName: user.join_name,
      nickName: user.nick_name,
      loginName: user.login_name ?? '',
    }),
    joinName: user.join_name,
    photo: user.photo,
    phone: mask(user.phone),
    userType: member ? 'member' : 'visitor',
    userTag: member ? 'member' : 'visitor',
    hasPassword: Boolean(user.password_hash),
    isCreator: counts.created > 0,
    isAuthor: counts.hosting > 0,
  }
}
