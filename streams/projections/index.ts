import { combineProjections } from '../core/projection'
import type { Event } from '../events'
import { chatProjection } from './chat'
import { meProjection } from './me'
import { roomProjection } from './room'
import { sessionProjection } from './session'
import type { State } from './state'
import { usersProjection } from './users'

export type { State } from './state'

export const rootProjection = combineProjections<Event, State>({
  session: sessionProjection,
  me: meProjection,
  room: roomProjection,
  users: usersProjection,
  chat: chatProjection,
})

export const initialState: State = rootProjection.initialState
export const reduce: (state: State, event: Event) => State = rootProjection.reduce
