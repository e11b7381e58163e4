import { Type, type Static } from '@sinclair/typebox'

/** Spec §4 roles: 1 host, 2 conferee (audience), 3 audience on CDN, 4 projection. */
export const Role = { host: 1, conferee: 2, cdnAudience: 3, projection: 4 } as const
export type RoleId = (typeof Role)[keyof typeof Role]

export const RoleSchema = Type.Union([
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
  Type.Literal(4),
])

/** Room types of the home form: one-to-one classroom, small classroom, lecture hall. */
export const RoomType = { oneToOne: 0, smallClass: 1, lectureHall: 2 } as const
export type RoomTypeId = (typeof RoomType)[keyof typeof RoomType]
export const RoomTypeSchema = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])

/** Flags on the wire are 0 or 1. */
export const FlagSchema = Type.Union([Type.Literal(0), Type.Literal(1)])
export type Flag = Static<typeof FlagSchema>

/** Client role strings ([ROLE-1]): a host is 'host', everyone else 'audience'. */
export type ClientRole = 'host' | 'audience'
export function clientRole(role: number): ClientRole {
  return role === Role.host ? 'host' : 'audience'
}

/** Whiteboard identity ([ROLE-1]): the host is 'host', everyone else 'guest'. */
export type BoardIdentity = 'host' | 'guest'
export function boardIdentity(role: number): BoardIdentity {
  return role === Role.host ? 'host' : 'guest'
}
