import type { RestPort } from '../../../streams/ports/rest'
import { RoomService, type EntryBody } from '../../../streams/wire/rest/room'
import { RoomUserService, type ExitReason } from '../../../streams/wire/rest/room-users'
import type { RoleId } from '../../../streams/wire/roles'
import type { RouteClient } from './client'

const room = RoomService.routes
const user = RoomUserService.routes

/** The REST port against this project's server (and any server speaking spec §7). */
export class RestAdapter implements RestPort {
  constructor(private readonly client: RouteClient) {}

  enterRoom(body: EntryBody) {
    // [API-9] the entry call sends the XMLHttpRequest header.
    return this.client.call(RoomService, room.entry, {
      body,
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    })
  }

  loadUsers(roomId: string, query: { role?: number; page?: number; size?: number } = {}) {
    return this.client.call(RoomService, room.userPage, { params: { roomId }, query })
  }

  async exitRoom(roomId: string, uid: string, role: number, reason: string) {
    await this.client.call(RoomUserService, user.exit, {
      params: { roomId, uid },
      query: { role: role as RoleId, reason: reason as ExitReason },
    })
  }
}
