import { ffprobe, FfmpegProcess, type FfmpegInstall, type FfmpegLog } from '../compose/ffmpeg'
import { displayOf } from '../janus/display'
import { newFeedId } from '../janus/monitor'
import type { JanusRoomRef } from '../janus/protocol'
import type { MediaPlane, JanusServer } from '../plane'
import { pushSink } from './push-sink'
import type { TagSink } from './rtmp-conn'
import { remoteStreams, rtpOutputArgs, type InputTracks } from './rtp-out'

/** How an input goes, as its host sees it. */
export type InputState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'starting' }
  | { readonly kind: 'live'; readonly since: number }
  | { readonly kind: 'retrying'; readonly reason: string }

/** The room an input is in, and the input (a row of `input_users`). */
export interface InputRoom {
  readonly room_id: string
  readonly channel_name: string
}
export interface InputUser {
  readonly uid: string
  readonly name: string
  readonly kind: 'rtmp' | 'pull'
  readonly source_url: string
}

/** The input's member in the room: present while its media arrives. */
export interface InputPresence {
  joined(roomId: string, input: InputUser): Promise<void>
  left(roomId: string, uid: string): Promise<void>
}

export interface InputsDeps {
  readonly ffmpeg: FfmpegInstall
  readonly plane: MediaPlane
  readonly publishers: number
  readonly log: FfmpegLog & { info(message: string): void }
  readonly presence: InputPresence
  readonly now: () => number
}

interface Run {
  readonly roomId: string
  readonly channel: string
  readonly uid: string
  state: InputState
  stopped: boolean
  ffmpeg?: FfmpegProcess
  remote?: { server: JanusServer; ref: JanusRoomRef; feed: number }
  hangUp?: (reason: string) => void
  retry?: NodeJS.Timeout
  failures: number
  /** A pulled input's next attempt (a push has none: its encoder is hung up). */
  again?: () => void
}

const PROBE_TIMEOUT_US = '10000000'

/**
 * The room's input users at work ([RTMP-1]): an RTMP publisher's FLV, or a pulled HLS/RTMP URL,
 * transcoded by ffmpeg to VP8 and Opus and sent as plain RTP to a Janus remote publisher under
 * the input's 4-digit uid, so everyone in the room gets it through the SFU like a member's
 * camera. The input's member is present in the room while its media arrives.
 */
export class Inputs {
  private readonly runs = new Map<string, Run>()

  constructor(private readonly deps: InputsDeps) {}

  state(roomId: string, uid: string): InputState {
    return this.runs.get(key(roomId, uid))?.state ?? { kind: 'idle' }
  }

  /** Whether the input is being published or pulled now. */
  busy(roomId: string, uid: string): boolean {
    return this.runs.has(key(roomId, uid))
  }

  /** The uids of inputs whose media arrives (their members are present). */
  liveUids(): string[] {
    return [...this.runs.values()].filter((r) => r.state.kind === 'live').map((r) => r.uid)
  }

  /** An RTMP publisher accepted for this input: where its tags go. */
  push(room: InputRoom, input: InputUser, hangUp: (reason: string) => void): TagSink {
    const run = this.newRun(room, input)
    run.hangUp = hangUp
    return pushSink({
      stopped: () => run.stopped,
      start: async (tracks) =>
        (await this.open(run, room, input, tracks, ['-f', 'flv', '-i', 'pipe:0'], true))?.stdin ??
        undefined,
      fail: (reason) => void this.fail(run, reason),
      end: (reason) => void this.finish(run, reason),
    })
  }

  /** Pulls the input's URL until stopped, again after a failure (after 1 s, 2 s … 30 s). */
  pull(room: InputRoom, input: InputUser): void {
    if (this.runs.has(key(room.room_id, input.uid))) return
    const run = this.newRun(room, input)
    const url = input.source_url
    const attempt = async () => {
      run.retry = undefined
      if (run.stopped) return
      run.state = { kind: 'starting' }
      try {
        const probe = await ffprobe(this.deps.ffmpeg, url, ['-rw_timeout', PROBE_TIMEOUT_US])
        const streams = probe.streams ?? []
        const tracks = {
          audio: streams.some((s) => s.codec_type === 'audio'),
          video: streams.some((s) => s.codec_type === 'video'),
        }
        const paced = /^https?:/.test(url) ? ['-re'] : []
        await this.open(
          run,
          room,
          input,
          tracks,
          [...paced, '-rw_timeout', PROBE_TIMEOUT_US, '-i', url],
          false,
        )
      } catch (error) {
        await this.fail(run, (error as Error).message)
      }
    }
    run.again = () => void attempt()
    void attempt()
  }

  /** Stops an input (removed, or its room ended). */
  async stop(roomId: string, uid: string, reason = 'the input was removed'): Promise<void> {
    const run = this.runs.get(key(roomId, uid))
    if (run) await this.finish(run, reason)
  }

  /** Stops every input of a room (its meeting ended). */
  async stopRoom(channel: string, reason: string): Promise<void> {
    for (const run of [...this.runs.values()])
      if (run.channel === channel) await this.finish(run, reason)
  }

  /** Stops the input of a room (by its channel) whose member is `uid` (kicked out). */
  async stopMember(channel: string, uid: string, reason: string): Promise<void> {
    for (const run of [...this.runs.values()])
      if (run.channel === channel && run.uid === uid) await this.finish(run, reason)
  }

  async close(): Promise<void> {
    for (const run of [...this.runs.values()]) await this.finish(run, 'the server stops')
  }

  private newRun(room: InputRoom, input: InputUser): Run {
    const run: Run = {
      roomId: room.room_id,
      channel: room.channel_name,
      uid: input.uid,
      state: { kind: 'starting' },
      stopped: false,
      failures: 0,
    }
    this.runs.set(key(room.room_id, input.uid), run)
    return run
  }

  /**
   * The input's member joins, its remote publisher is added to the Janus room, and ffmpeg
   * starts sending to it; answers that ffmpeg (undefined when the run stopped meanwhile).
   */
  private async open(
    run: Run,
    room: InputRoom,
    input: InputUser,
    tracks: InputTracks,
    inputArgs: readonly string[],
    stdin: boolean,
  ): Promise<FfmpegProcess | undefined> {
    try {
      if (!tracks.audio && !tracks.video) throw new Error('the input has neither audio nor video')
      const { plane, presence } = this.deps
      // The member first: the SFU keeps only the publishers of present members.
      await presence.joined(room.room_id, input)
      const server = plane.serverFor(room.channel_name)
      const ref = plane.roomRef(room.channel_name)
      await server.rooms.ensure(ref, { publishers: this.deps.publishers })
      const feed = newFeedId()
      const display = displayOf({ uid: input.uid, source: 'camera', tileUid: input.uid })
      const remote = await server.rooms.addRemotePublisher(
        ref,
        feed,
        display,
        remoteStreams(tracks),
      )
      run.remote = { server, ref, feed }
      if (run.stopped) {
        await this.cleanUp(run)
        return undefined
      }
      const ffmpeg = new FfmpegProcess(
        this.deps.ffmpeg.ffmpeg,
        [
          ...['-fflags', '+nobuffer', '-analyzeduration', '2000000'],
          ...inputArgs,
          ...rtpOutputArgs(tracks, remote),
        ],
        {
          name: `input ${input.uid} of ${room.room_id}`,
          stdin,
          loglevel: 'info',
          onLine: (line) => {
            if (line.startsWith('Output #0') && run.ffmpeg === ffmpeg && !run.stopped) {
              run.state = { kind: 'live', since: this.deps.now() }
              run.failures = 0
            }
          },
        },
      )
      run.ffmpeg = ffmpeg
      void ffmpeg.exited.then((exit) => {
        if (run.ffmpeg !== ffmpeg || run.stopped) return
        const lines = exit.tail
          .split('\n')
          .filter((l) =>
            /error|failed|invalid|refused|denied|not found|timed out|no such|unable/i.test(l),
          )
        void this.fail(run, lines.at(-1) ?? `ffmpeg exited (${exit.signal ?? exit.code})`)
      })
      return ffmpeg
    } catch (error) {
      await this.fail(run, (error as Error).message)
      return undefined
    }
  }

  /** The input's media stopped by itself: a pull tries again, a push is hung up. */
  private async fail(run: Run, reason: string): Promise<void> {
    if (run.stopped) return
    this.deps.log.warn(`input ${run.uid} of ${run.roomId}: ${reason}`)
    const again = run.again
    if (!again) return this.finish(run, reason)
    const ffmpeg = run.ffmpeg
    run.ffmpeg = undefined
    await ffmpeg?.stop()
    await this.cleanUp(run)
    run.failures++
    run.state = { kind: 'retrying', reason }
    if (!run.stopped)
      run.retry = setTimeout(again, Math.min(30_000, 1000 * 2 ** Math.min(run.failures - 1, 5)))
  }

  private async finish(run: Run, reason: string): Promise<void> {
    if (run.stopped) return
    run.stopped = true
    clearTimeout(run.retry)
    if (this.runs.get(key(run.roomId, run.uid)) === run) this.runs.delete(key(run.roomId, run.uid))
    run.hangUp?.(reason)
    const ffmpeg = run.ffmpeg
    run.ffmpeg = undefined
    await ffmpeg?.stop()
    await this.cleanUp(run)
  }

  /** The remote publisher out of the Janus room, and the member out of the room. */
  private async cleanUp(run: Run): Promise<void> {
    const remote = run.remote
    run.remote = undefined
    try {
      if (remote) await remote.server.rooms.removeRemotePublisher(remote.ref, remote.feed)
    } catch (error) {
      this.deps.log.warn(`input ${run.uid}: removing its publisher: ${(error as Error).message}`)
    }
    try {
      await this.deps.presence.left(run.roomId, run.uid)
    } catch (error) {
      this.deps.log.warn(`input ${run.uid}: its departure: ${(error as Error).message}`)
    }
  }
}

const key = (roomId: string, uid: string) => `${roomId}/${uid}`
