import type { SchedulerLike } from 'rxjs'
import type { BoardPort } from './board'
import type { DevicesPort } from './devices'
import type { MediaPort } from './media'
import type { MessagingPort } from './messaging'
import type { RestPort } from './rest'
import type { StoragePort } from './storage'

export type { Io } from './io'
export type { BoardJoin, BoardPort, BoardScene, BoardViewMode } from './board'
export type { Clock } from './clock'
export type { DevicesPort } from './devices'
export type {
  LiveImage,
  LivePush,
  LiveTarget,
  LiveTile,
  MediaJoin,
  MediaPort,
  RemoteVolumes,
} from './media'
export type { CatchUp, MessagingPort } from './messaging'
export type { StoragePort } from './storage'
export type * from './rest-types'
export { RestFailure, type BusyHint, type RestCall, type RestPort } from './rest'
export { idleBoard, idleDevices, idleMedia, memoryStorage } from './idle'

/**
 * Who announces privileged channel commands ([HOST-6]): in local mode the server does, after the
 * REST call; in Agora mode the host client sends them itself.
 */
export type Mode = 'local' | 'agora'

/** What effects are given: the ports, the clock (now and a scheduler) and the deployment mode. */
export interface Deps {
  readonly rest: RestPort
  readonly messaging: MessagingPort
  readonly media: MediaPort
  readonly board: BoardPort
  readonly devices: DevicesPort
  readonly storage: StoragePort
  readonly now: () => number
  readonly scheduler: SchedulerLike
  /** A fresh id for messages I send. */
  readonly newId: () => string
  /** A number in [0, 1): the jitter of reconnection delays (fixed in tests). */
  readonly random: () => number
  readonly mode: Mode
}
