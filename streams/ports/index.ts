import type { SchedulerLike } from 'rxjs'
import type { MessagingPort } from './messaging'
import type { RestPort } from './rest'

export type { Io } from './io'
export type { BoardJoin, BoardPort, BoardScene, BoardViewMode } from './board'
export type { DevicesPort } from './devices'
export type { MediaJoin, MediaPort } from './media'
export type { MessagingPort } from './messaging'
export type { StoragePort } from './storage'
export { RestFailure, type RestPort } from './rest'

/** What effects are given: the ports, the clock and a scheduler for time. */
export interface Deps {
  readonly rest: RestPort
  readonly messaging: MessagingPort
  readonly now: () => number
  readonly scheduler: SchedulerLike
  /** A fresh id for messages I send. */
  readonly newId: () => string
}
