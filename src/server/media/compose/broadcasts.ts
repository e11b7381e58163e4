import { createHmac } from 'node:crypto'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { RoomRow } from '../../store/rooms'
import type { MediaPlane } from '../plane'
import type { BoardSource } from './board-picture'
import type { FfmpegInstall } from './ffmpeg'
import { RecordingSink } from './recorder'
import type { LiveStreamTarget } from '../../store/broadcast'
import type { Sink } from './sinks'
import { Lives, type PushState } from './lives'
import { Studio, type StudioDeps } from './studio'

/** Whether this server can broadcast and record, and why not. */
export type Availability =
  { readonly available: true } | { readonly available: false; readonly why: string }

export interface BroadcastsDeps {
  readonly db: StudioDeps['db']
  readonly log: StudioDeps['log']
  /** ffmpeg, or why it cannot be used. */
  readonly ffmpeg: { install: FfmpegInstall } | { missing: string }
  /** Where live segments and recordings are written. */
  readonly dir: string
  /** Derives each room's unguessable live path. */
  readonly secret: string
  readonly publishers: number
}

export type { PushState } from './lives'

/**
 * The server's broadcasts: for each room that is live or recording, one composition (`Studio`)
 * whose program goes to the live HLS stream under our own origin, to an RTMP push per streaming
 * URL, and to the running recording. Routes call it; it never touches the database's rows of
 * rooms or recordings itself (the routes do, and announce).
 */
export class Broadcasts {
  private readonly studios = new Map<string, Studio>()
  private readonly lives: Lives
  private readonly recordings = new Map<string, RecordingSink>()
  private mediaPlane: MediaPlane | undefined
  private boards: BoardSource | undefined
  /** A room being broadcast or recorded has ended: the caller stops what runs there. */
  onRoomEnded: (roomId: string) => void = () => undefined

  constructor(private readonly deps: BroadcastsDeps) {
    this.lives = new Lives({
      log: deps.log,
      ffmpeg: () => this.ffmpeg,
      freshDir: (path) => this.freshLiveDir(path),
      attach: (room, sink) => this.attach(room, sink),
      detach: (roomId, sink) => this.detach(roomId, sink),
      studioOf: (roomId) => this.studios.get(roomId),
      studio: (room) => this.studio(room),
    })
  }

  /** The media plane the compositions take their forwards from (set once it has started). */
  usePlane(plane: MediaPlane): void {
    this.mediaPlane = plane
  }

  /** The rooms' boards, drawn in the picture while shared (set once the board service runs). */
  useBoards(boards: BoardSource): void {
    this.boards = boards
  }

  private get plane(): MediaPlane {
    if (!this.mediaPlane) throw new Error('the media plane has not started')
    return this.mediaPlane
  }

  get availability(): Availability {
    const { ffmpeg } = this.deps
    if ('missing' in ffmpeg) return { available: false, why: ffmpeg.missing }
    if (!this.mediaPlane?.sfu)
      return {
        available: false,
        why: 'live and recording need the Janus media server (MEDIA=sfu, or auto with Janus installed)',
      }
    return { available: true }
  }

  /** The line `npm start` prints. */
  describe(): string {
    const a = this.availability
    if (!a.available) return `live and recording: off (${a.why})`
    const { install } = this.deps.ffmpeg as { install: FfmpegInstall }
    return `live and recording: on (ffmpeg ${install.version})`
  }

  /** ffmpeg as located (undefined when it is not installed). */
  get ffmpegInstall(): FfmpegInstall | undefined {
    return 'install' in this.deps.ffmpeg ? this.deps.ffmpeg.install : undefined
  }

  private get ffmpeg(): FfmpegInstall {
    const a = this.availability
    if (!a.available) throw new Error(a.why)
    return (this.deps.ffmpeg as { install: FfmpegInstall }).install
  }

  /** A room's live path segment: derived from our secret, the same in every process. */
  liveKey(channel: string): string {
    return createHmac('sha256', this.deps.secret)
      .update(`live:${channel}`)
      .digest('base64url')
      .slice(0, 22)
  }

  /**
   * Where the audience plays a room's live stream, under the app's own origin; with a stream id,
   * that interpreted language's stream (its own unguessable key).
   */
  liveUrl(channel: string, streamId?: string): string {
    return `/live/${this.liveKey(streamId ? `${channel}:${streamId}` : channel)}/index.m3u8`
  }

  /** The folder a live path's files are served from (the key checked by the caller's pattern). */
  liveDir(key: string): string {
    return join(this.deps.dir, 'live', key)
  }

  recordingDir(recordingId: string): string {
    return join(this.deps.dir, 'recordings', recordingId)
  }

  private studio(room: RoomRow): Studio {
    let studio = this.studios.get(room.room_id)
    if (!studio) {
      const server = this.plane.serverFor(room.channel_name)
      studio = new Studio(
        {
          ffmpeg: this.ffmpeg,
          db: this.deps.db,
          server,
          ref: this.plane.roomRef(room.channel_name),
          publishers: this.deps.publishers,
          log: this.deps.log,
          ended: () => this.onRoomEnded(room.room_id),
          board: this.boards,
        },
        room.room_id,
      )
      this.studios.set(room.room_id, studio)
    }
    return studio
  }

  private async attach(room: RoomRow, sink: Sink): Promise<void> {
    sink.start()
    await this.studio(room).attach(sink)
  }

  private async detach(roomId: string, sink: Sink): Promise<void> {
    const studio = this.studios.get(roomId)
    if (studio && (await studio.detach(sink))) this.studios.delete(roomId)
    await sink.end()
  }

  /** A live path's folder, emptied. */
  private freshLiveDir(path: string): string {
    const dir = this.liveDir(this.liveKey(path))
    rmSync(dir, { recursive: true, force: true })
    return dir
  }

  isLive(roomId: string): boolean {
    return this.lives.has(roomId)
  }

  /**
   * Goes live: the HLS stream (started afresh), a push to every streaming URL, and an HLS
   * stream of each interpreted language.
   */
  startLive(room: RoomRow, streams: readonly LiveStreamTarget[]): Promise<void> {
    return this.lives.start(room, streams)
  }

  /** Follows the room's language streams while live (see `Lives.setStreams`). */
  setStreams(room: RoomRow, streams: readonly LiveStreamTarget[]): Promise<void> {
    return this.lives.setStreams(room, streams)
  }

  /** The interpreted languages that have their own HLS stream now (while live). */
  languageStreams(roomId: string): string[] {
    return this.lives.languageStreams(roomId)
  }

  pushStates(roomId: string): PushState[] {
    return this.lives.pushStates(roomId)
  }

  /** Paused: the stream goes on with a still picture saying so (the room is not shown). */
  pause(roomId: string, text: string | null): void {
    this.lives.pause(roomId, text)
  }

  /** Ends the live: the playlist is closed (players see the end) and the pushes stop. */
  stopLive(roomId: string): Promise<void> {
    return this.lives.stop(roomId)
  }

  /** Records the room's program; `failed` when the recording cannot be written. */
  async startRecording(
    room: RoomRow,
    recordingId: string,
    failed: (reason: string) => void,
  ): Promise<void> {
    const sink = new RecordingSink(
      this.ffmpeg,
      this.deps.log,
      recordingId,
      this.recordingDir(recordingId),
      room.room_id,
    )
    sink.onState = (state) => {
      if (state.kind === 'retrying' && state.attempt === 3) failed(state.reason)
    }
    this.recordings.set(recordingId, sink)
    await this.attach(room, sink)
  }

  /** The recording running in a room (this process's), if any. */
  recordingIn(roomId: string): string | undefined {
    for (const [id, sink] of this.recordings) if (sink.roomId === roomId) return id
    return undefined
  }

  isRecording(recordingId: string): boolean {
    return this.recordings.has(recordingId)
  }

  /**
   * Stops writing a recording (its last segment completed); finishing it is `finishRecording`.
   * It keeps taking the program until the encoder has put out the stop moment: on a busy machine
   * the encoder runs seconds behind, and what it still held was lost.
   */
  async stopRecording(roomId: string, recordingId: string): Promise<void> {
    const sink = this.recordings.get(recordingId)
    if (!sink) return
    this.recordings.delete(recordingId)
    const program = this.studios.get(roomId)?.program
    if (program && !(await program.caughtUp()))
      this.deps.log.warn(`recording ${recordingId}: the encoder did not catch up with the stop`)
    await this.detach(roomId, sink)
  }

  /** The composition of a room (tests and the bench look inside). */
  studioOf(roomId: string): Studio | undefined {
    return this.studios.get(roomId)
  }

  /** Ends everything: live playlists closed, recordings left to be finished at the next start. */
  async close(): Promise<void> {
    for (const roomId of this.lives.rooms()) await this.stopLive(roomId)
    for (const [id, sink] of [...this.recordings]) {
      this.recordings.delete(id)
      await sink.end()
    }
    for (const studio of this.studios.values()) await studio.stop()
    this.studios.clear()
  }
}
