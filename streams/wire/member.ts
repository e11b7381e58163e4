import { Type, type Static } from '@sinclair/typebox'
import { FlagSchema, RoleSchema } from './roles'

/** Member list entry (spec §3). userState: online 1, offline 0. */
export const MemberSchema = Type.Object({
  roomId: Type.String(),
  uid: Type.String({ minLength: 1 }),
  role: RoleSchema,
  userId: Type.String(),
  userName: Type.String(),
  userUuid: Type.String(),
  userPhoto: Type.String(),
  enableAudio: FlagSchema,
  enableVideo: FlagSchema,
  enableChat: FlagSchema,
  grantBoard: FlagSchema,
  grantScreen: FlagSchema,
  screenId: Type.String(),
  userState: FlagSchema,
})
export type Member = Static<typeof MemberSchema>
