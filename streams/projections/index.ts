import { combineProjections } from '../core/projection'
import type { Event } from '../events'
import { boardProjection } from './board'
import { businessProjection } from './business'
import { chatProjection } from './chat'
import { conferenceProjection } from './conference'
import { devicesProjection } from './devices'
import { CDN_GATED_TYPES } from './gate'
import { isOnCdnWatch } from './derive'
import { layoutProjection } from './layout'
import { liveProjection } from './live'
import { mediaProjection } from './media'
import { meProjection } from './me'
import { profileProjection } from './profile'
import { projectionProjection } from './projection'
import { quizProjection } from './quiz'
import { requestsProjection } from './requests'
import { roomProjection } from './room'
import { sessionProjection } from './session'
import type { State } from './state'
import { uiProjection } from './ui'
import { usersProjection } from './users'

export type { State } from './state'
export { reachesReducers, isChannelEventType } from './gate'

/** A copy of the root as an object literal (the fold's hottest allocation). */
function copyState(s: State): State {
  return {
    session: s.session,
    profile: s.profile,
    me: s.me,
    room: s.room,
    conference: s.conference,
    users: s.users,
    layout: s.layout,
    board: s.board,
    media: s.media,
    devices: s.devices,
    live: s.live,
    chat: s.chat,
    business: s.business,
    quiz: s.quiz,
    projection: s.projection,
    requests: s.requests,
    ui: s.ui,
  }
}

export const rootProjection = combineProjections<Event, State>(
  {
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
    quiz: quizProjection,
    projection: projectionProjection,
    requests: requestsProjection,
    ui: uiProjection,
  },
  copyState,
  { types: CDN_GATED_TYPES, closed: isOnCdnWatch },
)

export const initialState: State = rootProjection.initialState

/**
 * The one reducer: every projection's handlers for the event, behind the CDN-audience whitelist
 * ([MSG-5]). Live sessions, the recorder's snapshot and replay all fold with it.
 */
export const reduce: (state: State, event: Event) => State = rootProjection.reduce
