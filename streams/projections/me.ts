import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import type { Me } from '../wire/rest/room'
import type { State } from './state'

export type MeState = Me | null

export const meProjection = defineProjection<MeState, Event, State>(null, {
  'rest/roomEntered': (_, e) => e.data.me,
})
