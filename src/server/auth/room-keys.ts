import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { Db } from '../store/db'
import { setPasswordKey } from '../store/rooms'
import { verifyPassword } from './passwords'

/**
 * Room passwords checked at the speed of a crowd. A room keeps its scrypt hash (`password_hash`)
 * and a keyed hash (`password_key`: HMAC-SHA-256 under the server's secret, over the room id and
 * the password, tagged with an id of that secret). An entrant's password is checked against the
 * keyed hash, a few microseconds instead of scrypt's ~100 ms of CPU, so admission does not grow
 * with the crowd. Without the secret the keyed hash is worth nothing to an attacker; a database
 * taken with its secret falls to a fast brute force of the room password (a room password guards
 * one meeting, not an account: account passwords stay scrypt only). A room from before the keyed
 * hash, or one keyed under another secret (ROOMCAST_SECRET changed), is checked with scrypt once
 * and keyed then.
 */
export interface RoomKeys {
  /** The keyed hash of a room's password, as stored. */
  key(roomId: string, password: string): string
  /** Whether `password` opens the room; `undefined` when `stored` was not keyed under our secret. */
  matches(roomId: string, password: string, stored: string | null): boolean | undefined
}

export function createRoomKeys(secret: string): RoomKeys {
  const id = createHash('sha256').update(`room-key:${secret}`).digest('base64url').slice(0, 8)
  const mac = (roomId: string, password: string) =>
    createHmac('sha256', secret).update(`room:${roomId}\u0000${password}`).digest('base64url')
  return {
    key: (roomId, password) => `hmac$${id}$${mac(roomId, password)}`,
    matches(roomId, password, stored) {
      const [scheme, keyId, value] = (stored ?? '').split('$')
      if (scheme !== 'hmac' || keyId !== id || !value) return undefined
      const given = Buffer.from(mac(roomId, password))
      const expected = Buffer.from(value)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}

/** The room's columns the check reads. */
export interface PasswordColumns {
  readonly room_id: string
  readonly password_hash: string
  readonly password_key?: string | null
}

/**
 * Checks an entrant's room password: the keyed hash when the room has one under our secret,
 * else scrypt once, after which the room is keyed (every later entrant is fast).
 */
export async function checkRoomPassword(
  db: Pick<Db, 'query'>,
  keys: RoomKeys,
  room: PasswordColumns,
  password: string,
): Promise<boolean> {
  const fast = keys.matches(room.room_id, password, room.password_key ?? null)
  if (fast !== undefined) return fast
  if (!(await verifyPassword(password, room.password_hash))) return false
  await setPasswordKey(db, room.room_id, keys.key(room.room_id, password))
  return true
}
