import type { FastifyBaseLogger } from 'fastify'
import type { MediaTokens } from './auth/media-tokens'
import type { RoomKeys } from './auth/room-keys'
import type { Tokens } from './auth/tokens'
import type { BoardEngine } from './board/engine'
import type { Settings } from './config'
import type { Broadcasts } from './media/compose/broadcasts'
import type { LiveEngine } from './media/live-engine'
import type { Hub } from './realtime/hub'
import type { SharedHub } from './realtime/shared'
import type { Inputs } from './media/ingest/inputs'
import type { Announcer } from './rooms/announce'
import type { CrowdArrivals } from './rooms/crowd'
import type { Seating } from './rooms/seating'
import type { Db } from './store/db'
import type { FileStore } from './store/files'

/** The input users' service (rooms/inputs.ts `Ingest`) as the routes and jobs use it. */
export interface IngestService {
  /** The inputs, or undefined when they are off (see `why`). */
  readonly inputs: Inputs | undefined
  readonly why: string
  /** The server URL an encoder is given (the stream key goes separately). */
  ingestUrl(host: string): string
  describe(): string
}

/** What every route module and background job of the server works with. */
export interface Deps {
  readonly db: Db
  readonly hub: Hub
  /** The realtime service across the processes of a cluster (one process: the hub). */
  readonly shared: SharedHub
  readonly tokens: Tokens
  readonly media: MediaTokens
  /** The whiteboard's ids and tokens: our board service, or Netless in Agora mode. */
  readonly board: BoardEngine
  readonly announce: Announcer
  readonly files: FileStore
  /** The app id of the REST paths. */
  readonly appId: string
  readonly now: () => number
  readonly settings: Settings
  readonly log: FastifyBaseLogger
  /** Live broadcast and cloud recording (ffmpeg over the SFU's forwards). */
  readonly broadcasts: Broadcasts
  /** The live broadcast's engine: local mode's `broadcasts`, or Agora's media push. */
  readonly live: LiveEngine
  /** Input users: the RTMP ingest and pulled streams, shown through the SFU ([RTMP-1]). */
  readonly ingest: IngestService
  /** Keyed hashes of room passwords (checked at the speed of a crowd). */
  readonly roomKeys: RoomKeys
  /** Arrivals in rooms above 512 members: told once a second to the hosts. */
  readonly crowd: CrowdArrivals
  /** Entrants seated many to a transaction. */
  readonly seating: Seating
}
