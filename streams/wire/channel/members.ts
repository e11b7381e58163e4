import { Type, type Static } from '@sinclair/typebox'
import { ControlCodeSchema } from '../control'
import { MemberSchema } from '../member'
import { FlagSchema } from '../roles'
import { actor, Uid } from './actor'

/**
 * cmd 2 member changed ([CMD-2]): a member joined, left or changed, with the whole member entry.
 * A leave names its reason: the member left, was kicked, or timed out ([KICK-2]).
 */
export const MemberChangedDataSchema = Type.Object({
  ...actor,
  type: Type.Union([Type.Literal('join'), Type.Literal('leave'), Type.Literal('update')]),
  member: MemberSchema,
  reason: Type.Optional(
    Type.Union([Type.Literal('leave'), Type.Literal('kickUserBy'), Type.Literal('serverTimeOut')]),
  ),
})
export type MemberChangedData = Static<typeof MemberChangedDataSchema>

/**
 * cmd 4 user state ([CMD-4]): the flags of member `uid` that changed (only those present), and
 * optionally the control code saying why ([APPLY-6]).
 */
export const UserStateDataSchema = Type.Object({
  ...actor,
  uid: Uid,
  enableAudio: Type.Optional(FlagSchema),
  enableVideo: Type.Optional(FlagSchema),
  enableChat: Type.Optional(FlagSchema),
  grantScreen: Type.Optional(FlagSchema),
  code: Type.Optional(ControlCodeSchema),
})
export type UserStateData = Static<typeof UserStateDataSchema>

/** cmd 7 host changed ([CMD-7], [HOST-1]): the old host (may be '') becomes 2, the new one 1. */
export const HostChangedDataSchema = Type.Object({
  ...actor,
  oldHostUid: Type.String(),
  newHostUid: Uid,
})
export type HostChangedData = Static<typeof HostChangedDataSchema>

/** cmd 8 kick ([CMD-8], [KICK-1]): member `uid` is out; the actor is the kicker ([KICK-4]). */
export const KickOutDataSchema = Type.Object({
  ...actor,
  uid: Uid,
  reason: Type.Optional(Type.Union([Type.Literal('kickUserBy'), Type.Literal('loginElsewhere')])),
})
export type KickOutData = Static<typeof KickOutDataSchema>

/** cmd 31 join name ([CMD-31]): member `uid` now shows as `name`. */
export const JoinNameDataSchema = Type.Object({
  ...actor,
  uid: Uid,
  name: Type.String({ minLength: 1, maxLength: 20 }),
})
export type JoinNameData = Static<typeof JoinNameDataSchema>
