import type { ChatState } from './chat'
import type { MeState } from './me'
import type { RoomState } from './room'
import type { SessionState } from './session'
import type { UsersState } from './users'

/** The whole client state: one slice per projection. */
export interface State {
  readonly session: SessionState
  readonly me: MeState
  readonly room: RoomState
  readonly users: UsersState
  readonly chat: ChatState
}
