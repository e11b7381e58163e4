import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import type { RoomInfo } from '../wire/rest/room'
import type { State } from './state'

export type RoomState = RoomInfo | null

export const roomProjection = defineProjection<RoomState, Event, State>(null, {
  'rest/roomEntered': (_, e) => e.data.roomInfo,
  'rest/roomExited': () => null,
})
