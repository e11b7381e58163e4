import type { BoardState } from './board'
import type { BusinessState } from './business'
import type { ChatState } from './chat'
import type { ConferenceState } from './conference'
import type { DevicesState } from './devices'
import type { LayoutState } from './layout'
import type { LiveState } from './live'
import type { MediaState } from './media'
import type { MeState } from './me'
import type { ProfileState } from './profile'
import type { ProjectionState } from './projection'
import type { QuizState } from './quiz'
import type { RequestsState } from './requests'
import type { RoomState } from './room'
import type { SessionState } from './session'
import type { UiState } from './ui'
import type { UsersState } from './users'

/** The whole client state: one slice per projection (spec §3 entities, plus the UI). */
export interface State {
  readonly session: SessionState
  readonly profile: ProfileState
  readonly me: MeState
  readonly room: RoomState
  readonly conference: ConferenceState
  readonly users: UsersState
  readonly layout: LayoutState
  readonly board: BoardState
  readonly media: MediaState
  readonly devices: DevicesState
  readonly live: LiveState
  readonly chat: ChatState
  readonly business: BusinessState
  readonly quiz: QuizState
  readonly projection: ProjectionState
  readonly requests: RequestsState
  readonly ui: UiState
}

/**
 * The slices a projection reads besides its own (its handlers' `reads`): the declared part of the
 * state before the event, e.g. `Slices<'me' | 'room'>`.
 */
export type Slices<K extends keyof State> = Pick<State, K>
