import type { Observable } from 'rxjs'
import type { Event } from '../events'
import type { BoardViewMode } from '../wire/board'
import type { Io } from './io'

export type { BoardViewMode }

export interface BoardJoin {
  readonly boardId: string
  readonly boardToken: string
  readonly uid: string
  readonly userName: string
  /** Board identity: host or guest ([ROLE-1]). */
  readonly identity: 'host' | 'guest'
  /** Only a writer can draw; a non-writer has input and camera moves disabled ([WB-2]). */
  readonly writable: boolean
}

/** A page of a scene set (spec §3 "Board session"). */
export interface BoardScene {
  readonly name: string
  /** Static pages carry an image; dynamic ones are converted slides. */
  readonly src?: string
  readonly width?: number
  readonly height?: number
}

/**
 * The whiteboard port: our own board in local mode, white-web-sdk in Agora mode. The drawing
 * surface is the adapter's; the core sees only 'board/…' events (joined, scene changed, page
 * changed, view mode, writable, locked) and asks through these calls.
 */
export interface BoardPort {
  readonly events$: Observable<Event>
  join(options: BoardJoin): Io<void>
  leave(): Io<void>
  setWritable(writable: boolean): Io<void>
  setViewMode(mode: BoardViewMode): Io<void>
  /** Goes to a scene path; '/' and '/init' both mean '/init' ([WB-4]). */
  setScenePath(path: string): Io<void>
  /** Adds a scene set (a converted document) under a directory. */
  putScenes(dir: string, scenes: readonly BoardScene[]): Io<void>
  setPage(index: number): Io<void>
  setScale(scale: number): Io<void>
  /**
   * After the room's connection came back (life/resynced): reconnects the board at once if its
   * connection is down, and checks the rights again. Adapters whose SDK does this itself omit it.
   */
  resync?(): Io<void>
}
