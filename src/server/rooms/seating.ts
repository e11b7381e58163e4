import type { Member } from '@streams/wire/member'
import { Role } from '@streams/wire/roles'
import type { Settings } from '../config'
import type { Db } from '../store/db'
import { coalesce, Spacing } from '../store/coalesce'
import { countPresentUpTo } from '../store/members'
import { seeProjectionViewer } from '../store/projections'
import { findActiveRoomByName, lockRoom, type RoomRow } from '../store/rooms'
import {
  insertJoinRecords,
  insertMembers,
  presentMembersOfUsers,
  seatMembers,
  type NewMember,
} from '../store/seats'
import { ApiFailure } from '../http/errors'
import { capacityFor, checkCapacity, type Capacity } from './capacity'
import { CROWD_THRESHOLD } from './crowd'

export interface Seated {
  readonly added: Member
  /** The entrant's earlier members in the room, replaced by this entry. */
  readonly replaced: Member[]
  /** Present members after the batch, counted up to just above the crowd threshold. */
  readonly present: number
}

interface Request {
  readonly member: NewMember
  resolve(seated: Seated): void
  reject(error: unknown): void
}

interface RoomLine {
  readonly roomType: number
  waiting: Request[]
  running: boolean
  /** Batches start at most every BATCH_SPACING_MS: a crowd's entrants gather meanwhile. */
  readonly spacing: Spacing
}

/** The most entrants seated in one transaction. */
export const SEATING_BATCH = 200

/**
 * Seats entrants in a room, many in one transaction: a crowd of entries costs the embedded
 * database a fixed cost for each statement, so entrants arriving while one batch is written, or
 * within BATCH_SPACING_MS of its start, go together into the next. A batch checks every entrant's
 * seat in arrival order against the capacity ([HOME-6]: seats counted up to the capacity, never
 * the crowd) when a refusal is possible at all (a lecture hall's conferees are never refused),
 * then in one statement replaces the admitted entrants' earlier members, inserts their members
 * and join records and counts the room (store/seats.ts seatMembers), and answers every entrant
 * (a refused one with its own refusal). On a shared PostgreSQL the room's row is locked first
 * (entries of one room on two processes never both take its last seat). A failed batch fails its
 * entrants, who may retry; nothing half-written stays (one transaction).
 */
export class Seating {
  private readonly rooms = new Map<string, RoomLine>()

  constructor(
    private readonly deps: {
      readonly db: Db
      readonly settings: Pick<Settings, 'conferees'>
      readonly now: () => number
    },
  ) {}

  /** The active room of a name (the entrants of one turn look it up together). */
  readonly findActive = coalesce(async (names: string[]) => {
    const unique = [...new Set(names)]
    const rooms = new Map<string, RoomRow>()
    for (const name of unique) {
      const room = await findActiveRoomByName(this.deps.db, name)
      if (room) rooms.set(name, room)
    }
    return names.map((name) => rooms.get(name))
  })

  take(room: { room_id: string; room_type: number }, member: NewMember): Promise<Seated> {
    return new Promise<Seated>((resolve, reject) => {
      let line = this.rooms.get(room.room_id)
      if (!line) {
        line = { roomType: room.room_type, waiting: [], running: false, spacing: new Spacing() }
        this.rooms.set(room.room_id, line)
      }
      line.waiting.push({ member, resolve, reject })
      if (!line.running) void this.drain(room.room_id, line)
    })
  }

  private async drain(roomId: string, line: RoomLine): Promise<void> {
    line.running = true
    while (line.waiting.length > 0) {
      await new Promise<void>((go) => line.spacing.schedule(go))
      // One member per account in a batch: a second entry of the same account waits for the next.
      const batch: Request[] = []
      const rest: Request[] = []
      const users = new Set<string>()
      for (const request of line.waiting) {
        if (batch.length < SEATING_BATCH && !users.has(request.member.userId)) {
          users.add(request.member.userId)
          batch.push(request)
        } else rest.push(request)
      }
      line.waiting = rest
      try {
        const answers = await this.seat(roomId, line.roomType, batch)
        answers.forEach((answer, i) =>
          answer instanceof ApiFailure ? batch[i]!.reject(answer) : batch[i]!.resolve(answer),
        )
      } catch (error) {
        for (const request of batch) request.reject(error)
      }
    }
    line.running = false
    this.rooms.delete(roomId)
  }

  private seat(roomId: string, roomType: number, batch: Request[]) {
    const { db, settings, now: clock } = this.deps
    const now = clock()
    const capacity = capacityFor(settings, roomType)
    return db.transaction(async (tx): Promise<(Seated | ApiFailure)[]> => {
      // Entries of one room are written a batch at a time by this process (its line); the room's
      // row lock orders them with other processes' on a shared PostgreSQL. PGlite is one
      // connection, which its transaction holds alone.
      if (db.kind !== 'pglite') await lockRoom(tx, roomId)
      // A crowd entering a lecture hall (no seat limit for its role) is never refused: no seats
      // are counted and nobody's earlier member is read before it is replaced.
      const mayRefuse = batch.some(
        ({ member }) =>
          member.role === Role.host ||
          (member.role === Role.conferee && Number.isFinite(capacity.conferees)),
      )
      const answers = mayRefuse
        ? await checkSeats(tx, roomId, capacity, batch)
        : batch.map((r) => r.member)
      const admitted = answers.filter((a): a is NewMember => !(a instanceof ApiFailure))
      const seated = await seatMembers(tx, roomId, admitted, now, CROWD_THRESHOLD + 1)
      let added = seated.added
      let present = seated.present
      // An entrant whose fresh uid was taken in the room gets another, in the same transaction.
      const collided = admitted.filter((_, i) => !added[i])
      if (collided.length > 0) {
        const more = await insertMembers(tx, roomId, collided, now)
        await insertJoinRecords(tx, roomId, more, now)
        let k = 0
        added = added.map((member) => member ?? more[k++])
        present = Math.min(CROWD_THRESHOLD + 1, present + more.length)
      }
      for (const member of added)
        if (member!.role === Role.projection)
          await seeProjectionViewer(tx, member!.screenId, member!, now)
      let next = 0
      return answers.map((answer) => {
        if (answer instanceof ApiFailure) return answer
        const member = added[next++]!
        return {
          added: member,
          replaced: seated.replaced.filter((r) => r.userId === member.userId),
          present,
        }
      })
    })
  }
}

/**
 * Every entrant's seat in arrival order against the capacity ([HOME-6]: seats counted up to the
 * capacity, never the crowd); an entrant's earlier members free their seats, only for an entrant
 * who gets one. Answers the entrant's member, or its refusal.
 */
async function checkSeats(
  tx: Pick<Db, 'query'>,
  roomId: string,
  capacity: Capacity,
  batch: readonly Request[],
): Promise<(ApiFailure | NewMember)[]> {
  const earlier = await presentMembersOfUsers(
    tx,
    roomId,
    batch.map((r) => r.member.userId),
  )
  const earlierOf = (userId: string) => earlier.filter((m) => m.userId === userId)
  const seats = new Map<number, number>()
  // A role's seats are counted only when a refusal of this batch may read them: a host's reads
  // both counts, a conferee's its own and, once those are full, the hosts'.
  const hosts = batch.some((r) => r.member.role === Role.host)
  const conferees = batch.some((r) => r.member.role === Role.conferee)
  const read = {
    [Role.host]: hosts || (conferees && Number.isFinite(capacity.conferees)),
    [Role.conferee]: hosts || conferees,
  }
  for (const [role, limit] of [
    [Role.host, capacity.hosts],
    [Role.conferee, capacity.conferees],
  ] as const)
    if (Number.isFinite(limit) && read[role]) {
      const freed = earlier.filter((m) => m.role === role).length
      seats.set(role, await countPresentUpTo(tx, roomId, limit + freed, role))
    }
  const shift = (members: readonly Member[], by: number) => {
    for (const m of members) if (seats.has(m.role)) seats.set(m.role, seats.get(m.role)! + by)
  }
  return batch.map(({ member }) => {
    const own = earlierOf(member.userId)
    shift(own, -1)
    const refusal = checkCapacity(capacity, member.role, seats)
    if (refusal) {
      shift(own, +1)
      return new ApiFailure(refusal.code, refusal.msg, { field: 'role', reason: refusal.reason })
    }
    if (seats.has(member.role)) seats.set(member.role, seats.get(member.role)! + 1)
    return member
  })
}
