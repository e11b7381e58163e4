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
  replaceMembersOfUsers,
  type NewMember,
} from '../store/seats'
import { ApiFailure } from '../http/errors'
import { capacityFor, checkCapacity } from './capacity'
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
 * Seats entrants in a room, many in one transaction: an entry is a handful of statements and a
 * crowd of them costs the embedded database a fixed ~0.2 ms each, so entrants arriving while
 * one batch is written, or within BATCH_SPACING_MS of its start, go together into the next. A batch locks the room row (entries of one room
 * never both take its last seat), replaces the entrants' earlier members, checks every entrant's
 * seat in arrival order against the capacity ([HOME-6]: seats counted up to the capacity, never
 * the crowd), inserts the members and their join records in one statement each, and answers
 * every entrant (a refused one with its own refusal). A failed batch fails its entrants, who may
 * retry; nothing half-written stays (one transaction).
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
      await lockRoom(tx, roomId)
      // The entrants' earlier members free their seats, only for the entrants who get one.
      const earlier = await presentMembersOfUsers(
        tx,
        roomId,
        batch.map((r) => r.member.userId),
      )
      const earlierOf = (userId: string) => earlier.filter((m) => m.userId === userId)
      const seats = new Map<number, number>()
      // A role's seats are counted only when a refusal of this batch may read them: a host's
      // reads both counts, a conferee's its own and, once those are full, the hosts'.
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
      const answers: (ApiFailure | NewMember)[] = batch.map(({ member }) => {
        const own = earlierOf(member.userId)
        shift(own, -1)
        const refusal = checkCapacity(capacity, member.role, seats)
        if (refusal) {
          shift(own, +1)
          return new ApiFailure(refusal.code, refusal.msg, {
            field: 'role',
            reason: refusal.reason,
          })
        }
        if (seats.has(member.role)) seats.set(member.role, seats.get(member.role)! + 1)
        return member
      })
      const admitted = answers.filter((a): a is NewMember => !(a instanceof ApiFailure))
      const replaced = await replaceMembersOfUsers(
        tx,
        roomId,
        admitted.filter((m) => earlierOf(m.userId).length > 0).map((m) => m.userId),
        now,
      )
      const added = await insertMembers(tx, roomId, admitted, now)
      await insertJoinRecords(tx, roomId, added, now)
      for (const member of added)
        if (member.role === Role.projection)
          await seeProjectionViewer(tx, member.screenId, member, now)
      const present = await countPresentUpTo(tx, roomId, CROWD_THRESHOLD + 1)
      let next = 0
      return answers.map((answer) => {
        if (answer instanceof ApiFailure) return answer
        const member = added[next++]!
        return {
          added: member,
          replaced: replaced.filter((r) => r.userId === member.userId),
          present,
        }
      })
    })
  }
}
