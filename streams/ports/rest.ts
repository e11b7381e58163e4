import type { Io } from './io'
import type { EntryAnswerData, EntryBody, UserPageData } from '../wire/rest/room'

/** A refused REST call, with what the server said. */
export class RestFailure extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
    readonly field?: string,
    readonly reason?: string,
  ) {
    super(message)
    this.name = 'RestFailure'
  }
}

/** The REST port (spec §7). The axios adapter implements it against the server. */
export interface RestPort {
  enterRoom(body: EntryBody): Io<EntryAnswerData>
  loadUsers(
    roomId: string,
    query?: { role?: number; page?: number; size?: number },
  ): Io<UserPageData>
  exitRoom(roomId: string, uid: string, role: number, reason: string): Io<void>
}
