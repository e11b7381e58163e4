import { roomToken, sdkToken, TokenRole } from 'netless-token'
import type { Member } from '@streams/wire/member'
import { Role } from '@streams/wire/roles'
import type { NetlessRole } from './netless-rest'

/** The project's key pair (NETLESS_ACCESS_KEY, NETLESS_SECRET_KEY): never leaves this server. */
export interface NetlessKeys {
  readonly accessKey: string
  readonly secretKey: string
}

/**
 * How long a room token lets its holder join: a day, so a long meeting's reconnections still
 * get in. Netless cannot take a token back, so this bounds what a revoked writer who ignores
 * the client's read-only view could still write (docs/board.md "Agora mode").
 */
export const NETLESS_ROOM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000
/** An SDK token signed for one REST call. */
export const NETLESS_SDK_TOKEN_TTL_MS = 10 * 60 * 1000

const TOKEN_ROLE: Record<NetlessRole, TokenRole> = {
  admin: TokenRole.Admin,
  writer: TokenRole.Writer,
  reader: TokenRole.Reader,
}

/**
 * A member's rights on the Netless room ([WB-2], [ROLE-1]): the host (board identity 'host')
 * administers it; a guest granted the board writes; every other guest only reads, and its SDK
 * refuses a switch to writable until it holds a writer's token.
 */
export function boardRole(member: Pick<Member, 'role' | 'grantBoard'>): NetlessRole {
  if (member.role === Role.host) return 'admin'
  return member.grantBoard === 1 ? 'writer' : 'reader'
}

/** A room token (NETLESSROOM_…) of `role` for the room `uuid`, signed with the key pair. */
export function signRoomToken(
  keys: NetlessKeys,
  uuid: string,
  role: NetlessRole,
  lifespanMs = NETLESS_ROOM_TOKEN_TTL_MS,
): string {
  return roomToken(keys.accessKey, keys.secretKey, lifespanMs, { role: TOKEN_ROLE[role], uuid })
}

/** An admin SDK token (NETLESSSDK_…) for this server's own REST calls. */
export function signSdkToken(keys: NetlessKeys, lifespanMs = NETLESS_SDK_TOKEN_TTL_MS): string {
  return sdkToken(keys.accessKey, keys.secretKey, lifespanMs, { role: TokenRole.Admin })
}
