import { Cmd, type CmdId } from '@streams/wire/channel'
import type { Deps } from '../deps'
import { runningCloudRecording, type RecordingRow } from '../store/broadcast'
import { getRoomByChannel, type RoomRow } from '../store/rooms'

/** Runs `run` after `ms` (setTimeout; tests fire it themselves and await what it returns). */
export type Timer = (run: () => void | Promise<void>, ms: number) => void

export const realTimer: Timer = (run, ms) => {
  setTimeout(() => void run(), ms).unref()
}

/**
 * The announcements after which the recorded picture may differ: who is placed and named
 * (members, hosts, names), the shares (board, screen), the host's layout and large picture, and
 * the live's pause and resume (the paused slate).
 */
export const PICTURE_CMDS: ReadonlySet<CmdId> = new Set<CmdId>([
  Cmd.memberChanged,
  Cmd.shareBoard,
  Cmd.screenShare,
  Cmd.hostChanged,
  Cmd.layout,
  Cmd.mainScreen,
  Cmd.endHostShare,
  Cmd.liveStateChanges,
  Cmd.joinName,
])

/** How long a burst of changes settles before the picture is sent (local mode reads every 1 s). */
export const SETTLE_MS = 1000
/**
 * The least time between two prompt updateLayout calls of this process, whatever the room:
 * Agora's Cloud Recording REST API allows 10 calls a second per App ID at first ("The initial
 * QPS limit is 10 per App ID", docs.agora.io/en/cloud-recording/develop/integration-best-practices);
 * this path takes at most 5 of them, the watch's queries the rest.
 */
export const GAP_MS = 200
/** After a 429 (too many requests), tried again after these, as Agora's best practice advises. */
export const BACKOFF_MS = [1000, 3000, 6000] as const

/** Sends a running recording's picture again if it changed; answers whether it sent one. */
export type Relayout = (deps: Deps, room: RoomRow, row: RecordingRow) => Promise<boolean>

/**
 * Makes the recording follow its room at once rather than at the next watch: channels whose
 * picture may have changed are collected; `settleMs` after the first of a burst, each one's
 * running Agora recording is relaid out once, `gapMs` apart when an updateLayout was sent.
 * Changes arriving meanwhile make the next burst.
 */
export class PictureNudges {
  private readonly pending = new Set<string>()
  private armed = false
  private deps: Deps | undefined
  private readonly tries = new Map<string, number>()

  constructor(
    private readonly relayout: Relayout,
    private readonly timer: Timer = realTimer,
    private readonly settleMs = SETTLE_MS,
    private readonly gapMs = GAP_MS,
  ) {}

  announced(deps: Deps, channel: string, cmd: CmdId): void {
    if (!PICTURE_CMDS.has(cmd)) return
    this.deps = deps
    this.pending.add(channel)
    this.arm()
  }

  private async follow(deps: Deps, channel: string): Promise<boolean> {
    const room = await getRoomByChannel(deps.db, channel)
    if (!room || room.state === 0 || room.recording_state !== 1) return false
    const row = await runningCloudRecording(deps.db, room.room_id)
    return row?.sid && row.engine === 'agora' ? this.relayout(deps, room, row) : false
  }

  private arm() {
    if (this.armed || this.pending.size === 0) return
    this.armed = true
    this.timer(() => this.flush(), this.settleMs)
  }

  /** Agora answered 429: the channel is followed again after a backoff (else at the watch). */
  private retry(channel: string, tooMany: boolean) {
    const tries = this.tries.get(channel) ?? 0
    if (!tooMany || tries >= BACKOFF_MS.length) return void this.tries.delete(channel)
    this.tries.set(channel, tries + 1)
    this.timer(() => {
      this.pending.add(channel)
      this.arm()
    }, BACKOFF_MS[tries]!)
  }

  private async flush() {
    const channels = [...this.pending]
    const deps = this.deps!
    this.pending.clear()
    for (const [i, channel] of channels.entries()) {
      const sent = await this.follow(deps, channel).then(
        (sent) => (this.tries.delete(channel), sent),
        (e: Error & { status?: unknown }) => {
          deps.log.warn(`the recording of channel ${channel}: ${e.message}`)
          this.retry(channel, e.status === 429)
          return false
        },
      )
      if (sent && i < channels.length - 1)
        await new Promise<void>((done) => this.timer(done, this.gapMs))
    }
    this.armed = false
    this.arm()
  }
}
