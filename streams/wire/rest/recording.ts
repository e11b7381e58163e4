import { Type, type Static } from '@sinclair/typebox'
import { FlagSchema } from '../roles'
import { AppParams, defineService, Id, ROOM_PREFIX } from './route'

/**
 * A recording's status code, an index into RECORDING_STATUS ([REC-3]): 0 recording, 1 finished,
 * 2 server preparing download, 3 convert, 4 save.
 */
export const RecordingStatusSchema = Type.Integer({ minimum: 0, maximum: 4 })

export const RecordingFileSchema = Type.Object({
  fileId: Type.String(),
  url: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
})

export const RecordingSchema = Type.Object({
  recordingId: Type.String(),
  roomId: Type.String(),
  status: RecordingStatusSchema,
  startTime: Type.Number(),
  stopTime: Type.Union([Type.Number(), Type.Null()]),
  /** Seconds recorded (so far; the file's length once saved). */
  duration: Type.Integer(),
  /** The server stopped in the middle: the recording ends where the last whole segment did. */
  interrupted: Type.Optional(Type.Boolean()),
  /** Why a recording ended without a file ('' when it has one, or runs). */
  error: Type.Optional(Type.String()),
  /** The saved MP4 (none until status 4, save). */
  files: Type.Array(RecordingFileSchema),
})
export type Recording = Static<typeof RecordingSchema>

/** Recording playback (spec §3). */
export const PlaybackSchema = Type.Object({
  roomId: Type.String(),
  /** The latest saved recording's first file, '' when none. */
  uploadedVideoUrl: Type.String(),
  recordingFileListVos: Type.Array(RecordingFileSchema),
})

export const RecordingConfigSchema = Type.Object({
  roomId: Type.String(),
  /** Record when the meeting starts. */
  autoStart: FlagSchema,
  audioOnly: FlagSchema,
  resolution: Type.Union([Type.Literal('480p'), Type.Literal('720p'), Type.Literal('1080p')]),
  layout: Type.String(),
})

const RoomQuery = Type.Object({ roomId: Id })

/**
 * Cloud recording. In local mode the server records the room's composed program (the CDN layout
 * and the mixed sound) from start to stop and saves one MP4 per recording, played and downloaded
 * at `recording/{recordingId}/video` (ranges; `?download=1`). Start and stop are announced
 * (cmd 30); 2 is abnormal ([REC-1]).
 */
export const RecordingService = defineService(ROOM_PREFIX, 10011, {
  /** Recording playback list. */
  list: {
    method: 'GET',
    path: 'recording/list',
    params: AppParams({}),
    query: RoomQuery,
    data: PlaybackSchema,
    access: 'session',
  },
  /** Every recording of the room, with its status and file, for anyone who was in it. */
  allList: {
    method: 'GET',
    path: 'recording/all/list',
    params: AppParams({}),
    query: RoomQuery,
    data: Type.Array(RecordingSchema),
    access: 'session',
  },
  mixStart: {
    method: 'POST',
    path: 'recording/mix/start',
    params: AppParams({}),
    body: Type.Object({ roomId: Id }),
    data: RecordingSchema,
    access: 'session',
  },
  /** Refused with 'recording too short' before 15 seconds ([REC-2]). */
  mixStop: {
    method: 'POST',
    path: 'recording/mix/stop',
    params: AppParams({}),
    body: Type.Object({ roomId: Id, recordingId: Type.Optional(Id) }),
    data: RecordingSchema,
    access: 'session',
  },
  addressList: {
    method: 'GET',
    path: 'recording/mix/addressList',
    params: AppParams({}),
    query: RoomQuery,
    data: Type.Array(
      Type.Object({
        recordingId: Type.String(),
        url: Type.String(),
        status: RecordingStatusSchema,
      }),
    ),
    access: 'session',
  },
  configGet: {
    method: 'GET',
    path: 'recording/config/get',
    params: AppParams({}),
    query: RoomQuery,
    data: RecordingConfigSchema,
    access: 'session',
  },
  configSet: {
    method: 'POST',
    path: 'recording/config/addOrUpdate',
    params: AppParams({}),
    body: Type.Object({
      roomId: Id,
      autoStart: Type.Optional(FlagSchema),
      audioOnly: Type.Optional(FlagSchema),
      resolution: Type.Optional(RecordingConfigSchema.properties.resolution),
      layout: Type.Optional(Type.String({ maxLength: 32 })),
    }),
    data: RecordingConfigSchema,
    access: 'session',
  },
})
