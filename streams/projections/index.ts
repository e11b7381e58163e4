import { combineProjections } from '../core/projection'
import type { Event } from '../events'
import { boardProjection } from './board'
import { businessProjection } from './business'
import { chatProjection } from './chat'
import { conferenceProjection } from './conference'
import { devicesProjection } from './devices'
import { reachesReducers } from './gate'
import { layoutProjection } from './layout'
import { liveProjection } from './live'
import { mediaProjection } from './media'
import { meProjection } from './me'
import { profileProjection } from './profile'
import { projectionProjection } from './projection'
import { requestsProjection } from './requests'
import { roomProjection } from './room'
import { sessionProjection } from './session'
import type { State } from './state'
import { uiProjection } from './ui'
import { usersProjection } from './users'

export type { State } from './state'
export { reachesReducers, isChannelEventType } from './gate'

export const rootProjection = combineProjections<Event, State>({
  session: sessionProjection,
  profile: profileProjection,
  me: meProjection,
  room: roomProjection,
  conference: conferenceProjection,
  users: usersProjection,
  layout: layoutProjection,
  board: boardProjection,
  media: mediaProjection,
  devices: devicesProjection,
  live: liveProjection,
  chat: chatProjection,
  business: businessProjection,
  projection: projectionProjection,
  requests: requestsProjection,
  ui: uiProjection,
})

export const initialState: State = rootProjection.initialState

/**
 * The one reducer: every projection's handlers for the event, behind the CDN-audience whitelist
 * ([MSG-5]). Live sessions, the recorder's snapshot and replay all fold with it.
 */
export function reduce(state: State, event: Event): State {
  if (event.type.charCodeAt(0) === 109 /* 'm' */ && !reachesReducers(state, event)) return state
  return rootProjection.reduce(state, event)
}
