import type { RoomRow } from '../../store/rooms'
import type { LiveStreamTarget } from '../../store/broadcast'
import type { FfmpegInstall } from './ffmpeg'
import { LiveSink } from './live-sink'
import { RtmpSink, type Sink, type SinkState } from './sinks'
import type { Studio, StudioDeps } from './studio'

/** What the host sees of a push to a streaming URL. */
export interface PushState {
  readonly url: string
  readonly state: SinkState
}

/** What the lives need of the broadcasts: ffmpeg, folders, and the rooms' compositions. */
export interface LivesDeps {
  readonly log: StudioDeps['log']
  /** ffmpeg (throws when live cannot run). */
  ffmpeg(): FfmpegInstall
  /** A live path's folder, emptied: the stream starts afresh there. */
  freshDir(path: string): string
  /** Starts a sink and attaches it to the room's composition (created if needed). */
  attach(room: RoomRow, sink: Sink): Promise<void>
  /** Detaches a sink from the room's composition (ended when none is left) and ends it. */
  detach(roomId: string, sink: Sink): Promise<void>
  /** The room's composition, if it runs. */
  studioOf(roomId: string): Studio | undefined
  /** The room's composition, created if needed. */
  studio(room: RoomRow): Studio
}

interface Live {
  readonly hls: LiveSink
  readonly pushes: Map<string, RtmpSink>
  /** The interpreted languages' own HLS streams, by stream id. */
  readonly languages: Map<string, LiveSink>
}

/**
 * The rooms that are live: for each, the HLS stream under our own origin, an RTMP push per
 * streaming URL, and an HLS stream per interpreted language, all taking the room's program.
 */
export class Lives {
  private readonly lives = new Map<string, Live>()

  constructor(private readonly deps: LivesDeps) {}

  has(roomId: string): boolean {
    return this.lives.has(roomId)
  }

  /** The rooms live now. */
  rooms(): string[] {
    return [...this.lives.keys()]
  }

  /**
   * Goes live: the HLS stream (started afresh), a push to every streaming URL, and an HLS
   * stream of each interpreted language.
   */
  async start(room: RoomRow, streams: readonly LiveStreamTarget[]): Promise<void> {
    if (this.lives.has(room.room_id)) return this.setStreams(room, streams)
    const dir = this.deps.freshDir(room.channel_name)
    const hls = new LiveSink(this.deps.ffmpeg(), this.deps.log, `live ${room.room_id}`, dir)
    const live: Live = { hls, pushes: new Map(), languages: new Map() }
    this.lives.set(room.room_id, live)
    this.deps.studio(room).setCover(null)
    await this.deps.attach(room, hls)
    await this.setStreams(room, streams)
  }

  /**
   * Follows the room's language streams while live: pushes to new push URLs, stops those no
   * longer listed; an HLS stream for each language with an interpreter. Each carries its
   * language's audio track (the room's own sound for a language nobody interprets).
   */
  async setStreams(room: RoomRow, streams: readonly LiveStreamTarget[]): Promise<void> {
    const live = this.lives.get(room.room_id)
    if (!live) return
    const roomId = room.room_id
    const { deps } = this
    const track = (streamId: string) => () => deps.studioOf(roomId)?.languageTrack(streamId) ?? 0
    const pushes = new Map(streams.filter((s) => s.pushUrl).map((s) => [s.pushUrl, s.streamId]))
    for (const [url, sink] of live.pushes)
      if (!pushes.has(url)) {
        live.pushes.delete(url)
        await deps.detach(roomId, sink)
      }
    for (const [url, streamId] of pushes)
      if (!live.pushes.has(url)) {
        const sink = new RtmpSink(
          deps.ffmpeg(),
          deps.log,
          `push of ${roomId}`,
          url,
          track(streamId),
        )
        live.pushes.set(url, sink)
        await deps.attach(room, sink)
      }
    const interpreted = new Set(streams.filter((s) => s.interpreterUid).map((s) => s.streamId))
    for (const [streamId, sink] of live.languages)
      if (!interpreted.has(streamId)) {
        live.languages.delete(streamId)
        await deps.detach(roomId, sink)
      }
    for (const streamId of interpreted)
      if (!live.languages.has(streamId)) {
        const dir = deps.freshDir(`${room.channel_name}:${streamId}`)
        const name = `live ${roomId} in ${streamId}`
        const sink = new LiveSink(deps.ffmpeg(), deps.log, name, dir, track(streamId))
        live.languages.set(streamId, sink)
        await deps.attach(room, sink)
      }
    // The composition reads the interpreters now, not at its next look at the room.
    await deps.studioOf(roomId)?.refresh()
  }

  /** The interpreted languages that have their own HLS stream now (while live). */
  languageStreams(roomId: string): string[] {
    return [...(this.lives.get(roomId)?.languages.keys() ?? [])]
  }

  pushStates(roomId: string): PushState[] {
    return [...(this.lives.get(roomId)?.pushes ?? new Map<string, RtmpSink>())].map(
      ([url, sink]) => ({
        url,
        state: sink.state,
      }),
    )
  }

  /** Paused: the stream goes on with a still picture saying so (the room is not shown). */
  pause(roomId: string, text: string | null): void {
    if (this.lives.has(roomId)) this.deps.studioOf(roomId)?.setCover(text ? { text } : null)
  }

  /** Ends the live: the playlist is closed (players see the end) and the pushes stop. */
  async stop(roomId: string): Promise<void> {
    const live = this.lives.get(roomId)
    if (!live) return
    this.lives.delete(roomId)
    this.deps.studioOf(roomId)?.setCover(null)
    for (const sink of live.pushes.values()) await this.deps.detach(roomId, sink)
    for (const sink of live.languages.values()) await this.deps.detach(roomId, sink)
    await this.deps.detach(roomId, live.hls)
  }
}
