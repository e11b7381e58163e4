import type { FastifyBaseLogger } from 'fastify'
import type { CmdId } from '@streams/wire/channel'
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
import type { RecordingRow } from './store/broadcast'
import type { Db } from './store/db'
import type { FileStore } from './store/files'
import type { RoomRow } from './store/rooms'

/** The input users' service (rooms/inputs.ts `Ingest`) as the routes and jobs use it. */
export interface IngestService {
  /** The inputs, or undefined when they are off (see `why`). */
  readonly inputs: Inputs | undefined
  readonly why: string
  /** The server URL an encoder is given (the stream key goes separately). */
  ingestUrl(host: string): string
  describe(): string
}

export type EngineAvailability =
  { readonly available: true } | { readonly available: false; readonly why: string }

/**
 * Where cloud recordings are made: 'local' (this server records the room's composed program,
 * rooms/local-recording.ts) or 'agora' (Agora's Cloud Recording, agora/cloud-recording.ts). The
 * routes and rooms/recordings.ts know only this; the rows, the REC rules, the announcements
 * (cmd 30) and the lists are the same for both.
 */
export interface RecordingEngine {
  readonly kind: 'local' | 'agora'
  /** Whether recordings can start here, and why not (named settings, a missing program). */
  readonly availability: EngineAvailability
  /**
   * Starts recording the room under `recordingId` (its row exists, status recording). Throws
   * with the reason when it cannot; `failed` when it stops being written later or is refused.
   */
  start(
    deps: Deps,
    room: RoomRow,
    recordingId: string,
    failed: (reason: string) => void,
  ): Promise<void>
  /** Stops it (the host, or the meeting's end); throws with the reason when it could not. */
  stop(deps: Deps, room: RoomRow, row: RecordingRow): Promise<void>
  /** After stop: its files are made or learnt, the row ends saved (4) or finished (1). */
  finish(deps: Deps, recordingId: string): Promise<void>
  /**
   * The room's meeting ended: its running recording stops now, not at the next `watch` (Agora's
   * Cloud Recording; the local program stops with the room's studio and has none).
   */
  meetingEnded?(deps: Deps, roomId: string): Promise<void>
  /**
   * The server announced `cmd` in `channel` (any process's REST call or realtime command): the
   * running recording's picture follows a change of it now, not at the next `watch` (Agora's
   * updateLayout; the local program reads its room every second and has none).
   */
  announced?(deps: Deps, channel: string, cmd: CmdId): void
  /** At start: the recordings of this engine a previous run left (returns how many). */
  recover(deps: Deps): Promise<number>
  /** Periodic work while recordings run (every `watchMs`, in one process of a cluster). */
  readonly watchMs?: number
  watch?(deps: Deps): Promise<void>
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
  /** Who makes cloud recordings: this server's program (local mode) or Agora's Cloud Recording. */
  readonly recording: RecordingEngine
  /** Input users: the RTMP ingest and pulled streams, shown through the SFU ([RTMP-1]). */
  readonly ingest: IngestService
  /** Keyed hashes of room passwords (checked at the speed of a crowd). */
  readonly roomKeys: RoomKeys
  /** Arrivals in rooms above 512 members: told once a second to the hosts. */
  readonly crowd: CrowdArrivals
  /** Entrants seated many to a transaction. */
  readonly seating: Seating
}
