import type * as Crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Role } from '@streams/wire/roles'
import { Seating } from '../../../src/server/rooms/seating'
import { openDb, type Db } from '../../../src/server/store/db'
import { migrate } from '../../../src/server/store/migrations'
import { createRoom } from '../../../src/server/store/rooms'
import { seatMembers, type NewMember } from '../../../src/server/store/seats'

/** The uids the next members draw, when a test names them (else random ones). */
const drawn: number[] = []
vi.mock('node:crypto', async (original) => {
  const crypto = await original<typeof Crypto>()
  return {
    ...crypto,
    randomInt: (min: number, max: number) => drawn.shift() ?? crypto.randomInt(min, max),
  }
})

let db: Db
beforeAll(async () => {
  db = await openDb({ memory: true })
  await migrate(db)
})
afterAll(() => db.close())

const NOW = 1_700_000_000_000
let rooms = 0
const newRoom = (roomType = 2) =>
  createRoom(db, {
    roomName: `seats-${++rooms}`,
    roomType,
    passwordHash: '',
    createUserId: 'host',
    now: NOW,
  })
const entrant = (userId: string, role: number = Role.conferee): NewMember => ({
  userId,
  userName: userId.toUpperCase(),
  userPhoto: '',
  role: role as NewMember['role'],
  enableAudio: 0,
  enableVideo: 0,
  projectionId: '',
})
const present = async (roomId: string) =>
  (
    await db.query<{ user_id: string }>(
      'SELECT user_id FROM room_members WHERE room_id = $1 AND left_at IS NULL ORDER BY user_id',
      [roomId],
    )
  ).rows.map((r) => r.user_id)
const joinRecords = async (roomId: string) =>
  (
    await db.query<{ user_id: string; user_name: string }>(
      'SELECT user_id, user_name FROM join_records WHERE room_id = $1 ORDER BY user_id',
      [roomId],
    )
  ).rows

describe('seating a batch of entrants in one statement', () => {
  it('[HOME-1] inserts the members in the order given with their join records, and counts the room', async () => {
    const room = await newRoom()
    const seated = await seatMembers(
      db,
      room.room_id,
      ['a', 'b', 'c'].map((u) => entrant(u)),
      NOW,
      100,
    )
    expect(seated.added.map((m) => m?.userId)).toEqual(['a', 'b', 'c'])
    expect(new Set(seated.added.map((m) => m?.uid)).size).toBe(3)
    expect(seated.replaced).toEqual([])
    expect(seated.present).toBe(3)
    expect(await present(room.room_id)).toEqual(['a', 'b', 'c'])
    expect(await joinRecords(room.room_id)).toEqual([
      { user_id: 'a', user_name: 'A' },
      { user_id: 'b', user_name: 'B' },
      { user_id: 'c', user_name: 'C' },
    ])
  })

  it('[HOME-6] a re-entry replaces the account’s earlier member; the count is of the room after the batch, up to its limit', async () => {
    const room = await newRoom()
    const first = await seatMembers(db, room.room_id, [entrant('a'), entrant('b')], NOW, 100)
    const again = await seatMembers(db, room.room_id, [entrant('b'), entrant('c')], NOW + 1, 100)
    expect(again.replaced.map((m) => m.uid)).toEqual([first.added[1]!.uid])
    expect(again.added[0]!.uid).not.toBe(first.added[1]!.uid)
    expect(again.present).toBe(3)
    expect(await present(room.room_id)).toEqual(['a', 'b', 'c'])
    const capped = await seatMembers(db, room.room_id, [entrant('d'), entrant('a')], NOW + 2, 2)
    expect(capped.present).toBe(2)
    expect(await seatMembers(db, room.room_id, [], NOW + 3, 100)).toEqual({
      added: [],
      replaced: [],
      present: 0,
    })
  })

  it('an entrant whose fresh uid is taken in the room gets another in the same batch, with its join record', async () => {
    const room = await newRoom()
    drawn.push(4_000_001)
    const taken = await seatMembers(db, room.room_id, [entrant('a')], NOW, 100)
    expect(taken.added[0]!.uid).toBe('4000001')
    // b draws the uid a holds, c a free one; b's screen and then its second uid follow.
    drawn.push(4_000_001, 4_000_002, 4_000_003, 4_000_004, 4_000_005)
    const seating = new Seating({ db, settings: { conferees: [1, 16, Infinity] }, now: () => NOW })
    const [b, c] = await Promise.all([
      seating.take(room, entrant('b')),
      seating.take(room, entrant('c')),
    ])
    expect(b.added.userId).toBe('b')
    expect(b.added.uid).not.toBe('4000001')
    expect(c.added.userId).toBe('c')
    expect(b.present).toBe(3)
    expect(await present(room.room_id)).toEqual(['a', 'b', 'c'])
    expect((await joinRecords(room.room_id)).map((r) => r.user_id)).toEqual(['a', 'b', 'c'])
  })
})
