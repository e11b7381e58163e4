import type { LiveStreamTarget } from '../store/broadcast'
import type { RoomRow } from '../store/rooms'
import type { Availability, Broadcasts } from './compose/broadcasts'
import type { PushState } from './compose/lives'

export type { Availability } from './compose/broadcasts'
export type { PushState } from './compose/lives'

/** A language stream as the engine sees it: where it is pushed and where it is played. */
export interface LiveStreamUrls {
  readonly streamId: string
  readonly pushUrl: string
  readonly pullUrl: string
}

/**
 * What the live routes and the room's lifecycle ask of a live broadcast, whichever engine makes
 * it: local mode composes the room with ffmpeg and pushes from this server (`Broadcasts`); Agora
 * mode composes nothing here, the host's browser has Agora's cloud transcode and push the room
 * (src/server/agora/live-engine.ts). Routes never know which engine runs.
 */
export interface LiveEngine {
  /** Whether live can run here, and why not (the API's error and the start-up line say it). */
  readonly availability: Availability
  /** The line `npm start` prints about live. */
  describe(): string
  /**
   * LIVING or PAUSE ([LIVE-1]): the live runs to the room's stream and every push URL (started if
   * it was not); paused, `cover` is shown instead of the room.
   */
  run(room: RoomRow, streams: readonly LiveStreamTarget[], cover: string | null): Promise<void>
  /** READY or END: the live stops (players see the end). */
  stop(roomId: string): Promise<void>
  /** The room's language streams changed while live: the pushes follow. */
  setStreams(room: RoomRow, streams: readonly LiveStreamTarget[]): Promise<void>
  /** How each push goes, by push URL (hosts read it in the Streaming URLs dialog). */
  pushStates(roomId: string): Promise<readonly PushState[]>
  /** Where the CDN audience plays the room's stream while live ('' when it has none). */
  liveUrl(room: RoomRow, streams: readonly LiveStreamUrls[]): string
  /** A language's own stream beside its pull URL ('' when it has none). */
  languageUrl(room: RoomRow, streamId: string): string
  /**
   * Hosts only: where Agora's cloud fetches the pictures of names, name cards and the paused
   * slate ('' where this server draws them into its own picture, or cannot serve them).
   */
  readonly cardsUrl: string
  /** Hosts only: where the host's client pushes the room's own stream ('' when this server does). */
  roomPushUrl(room: RoomRow): string
  /** The folder a `/live/{key}` path is served from; undefined where this server serves none. */
  originDir(key: string): string | undefined
  /**
   * A host's client tells how its push goes (engines whose pushes run in the host's browser);
   * false where this server pushes itself and knows better.
   */
  reportPush(roomId: string, url: string, state: PushState['state']): Promise<boolean>
}

/** Local mode's live: the room composed by ffmpeg on this server, served and pushed from here. */
export function localLiveEngine(broadcasts: Broadcasts): LiveEngine {
  return {
    get availability() {
      return broadcasts.availability
    },
    describe: () => broadcasts.describe(),
    async run(room, streams, cover) {
      await broadcasts.startLive(room, streams)
      broadcasts.pause(room.room_id, cover)
    },
    stop: (roomId) => broadcasts.stopLive(roomId),
    setStreams: (room, streams) => broadcasts.setStreams(room, streams),
    pushStates: async (roomId) => broadcasts.pushStates(roomId),
    liveUrl: (room) => broadcasts.liveUrl(room.channel_name),
    languageUrl: (room, streamId) =>
      broadcasts.languageStreams(room.room_id).includes(streamId)
        ? broadcasts.liveUrl(room.channel_name, streamId)
        : '',
    cardsUrl: '',
    roomPushUrl: () => '',
    originDir: (key) => broadcasts.liveDir(key),
    reportPush: async () => false,
  }
}
