import type { ConnectionState } from '../../wire/realtime'

export type SessionPhase = 'idle' | 'entering' | 'joiningChannel' | 'inRoom' | 'leaving' | 'exited'

export interface EntryError {
  readonly message: string
  readonly field?: string
  readonly reason?: string
}

/** What the session knows about the room it is in; kept on exit ([EXIT-1]). */
export interface SessionInfo {
  readonly roomId: string
  readonly roomUuid: string
  readonly roomName: string
  readonly channelName: string
  readonly audienceWatchType: number
}

export interface SessionState {
  readonly phase: SessionPhase
  readonly entryError: EntryError | null
  /** Online members in the channel, as the messaging layer counts them. */
  readonly onlineCount: number
  /** The exit state ([ENTRY-1] marks it false on entry). */
  readonly exited: boolean
  readonly mobile: boolean
  readonly info: SessionInfo | null
  readonly connection: ConnectionState | null
  /** The room ended (or I was kicked) for this session: the end flow ran once. */
  readonly ended: boolean
  /**
   * The messaging connection dropped in the room: the attempt under way, or `lost` once every
   * attempt failed (the user may retry). Null while connected.
   */
  readonly reconnect: ReconnectState | null
  /**
   * The server answered my entry busy (it is admitting a crowd): the attempt that was refused
   * and the wait before the next ("busy, retrying"). Absent or null otherwise.
   */
  readonly entryBusy?: EntryBusy | null
}

export interface EntryBusy {
  readonly attempt: number
  readonly delayMs: number
}

export interface ReconnectState {
  readonly attempt: number
  readonly lost: boolean
  /** Lost because the service refused more connections (close 4429): no attempt is made. */
  readonly reason?: 'tooManyConnections'
}
