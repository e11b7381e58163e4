import { Type, type Static } from '@sinclair/typebox'
import { LiveStateSchema } from '../channel/room'
import { FlagSchema } from '../roles'
import { AppParams, defineService, Id, ROOM_PREFIX, Text } from './route'

/** Live states ([LIVE-1]): READY 0, LIVING 1, PAUSE 2, END 3. */
export { LiveStateSchema }

/** How a push goes ('' not pushing, 'starting', 'running', 'retrying' with a reason, 'ended'). */
const PushStateSchema = Type.Union([
  Type.Literal(''),
  Type.Literal('starting'),
  Type.Literal('running'),
  Type.Literal('retrying'),
  Type.Literal('ended'),
])

/** A CDN stream in one language (spec §3 "CDN language stream info"). */
export const LanguageStreamSchema = Type.Object({
  streamId: Type.String(),
  languageType: Type.String(),
  languageName: Type.String(),
  languageIcon: Type.String(),
  languageIconActive: Type.String(),
  /** Where the audience plays it (HLS or FLV URL); '' when the CDN is watched elsewhere. */
  pullUrl: Type.String(),
  /** Where the encoder pushes it (RTMP URL), shown to hosts only; '' for others. */
  pushUrl: Type.String(),
  /**
   * Hosts only, while live: how the push to `pushUrl` goes ('' not pushing, 'starting',
   * 'running', 'retrying' with the reason in `pushError`).
   */
  pushState: Type.Optional(PushStateSchema),
  pushError: Type.Optional(Type.String()),
  /** The member who interprets into this language ('' none): its sound is theirs (a project addition). */
  interpreterUid: Type.String(),
  /**
   * While live, an interpreted language's own stream under the app's origin (its picture with the
   * interpreter's sound); '' otherwise.
   */
  liveUrl: Type.String(),
})
export type LanguageStream = Static<typeof LanguageStreamSchema>

export const BackgroundImageSchema = Type.Object({ imageId: Type.String(), url: Type.String() })

/** Everything the live screens need (GET room/{id}/live/setting). */
export const LiveSettingSchema = Type.Object({
  roomId: Type.String(),
  roomUuid: Type.String(),
  liveState: LiveStateSchema,
  liveOpen: FlagSchema,
  introduceOpen: FlagSchema,
  introduce: Type.String(),
  audienceWatchType: Type.Integer(),
  liveCdnType: Type.Integer(),
  pcCoverImage: Type.String(),
  mobCoverImage: Type.String(),
  backgroundImages: Type.Array(BackgroundImageSchema),
  /** The live URL list: one stream per language. */
  streamingUrls: Type.Array(LanguageStreamSchema),
  /**
   * Where the audience plays the room's stream while live ('' when not live): local mode's own
   * low-latency HLS under the app's origin; in Agora mode the customer's CDN pull URL.
   */
  liveUrl: Type.String(),
  /**
   * Agora mode, hosts only, while live: where the host's client pushes the room's own stream
   * (AGORA_LIVE_PUSH_URL); absent or '' when there is none (local mode's server pushes itself).
   */
  pushUrl: Type.Optional(Type.String()),
  /** With `pushUrl`: how that push goes, as the host's client reported it, and why it failed. */
  pushState: Type.Optional(PushStateSchema),
  pushError: Type.Optional(Type.String()),
  /**
   * Agora mode with PUBLIC_URL set, hosts only, while live: where Agora's cloud fetches the
   * pictures of names, name cards and the paused slate (`{PUBLIC_URL}/media/cards`); absent
   * when the picture carries none.
   */
  cardsUrl: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** Whether this server can broadcast and record (ffmpeg and the SFU), and why not. */
  liveAvailable: FlagSchema,
  liveUnavailableReason: Type.String(),
})
export type LiveSetting = Static<typeof LiveSettingSchema>

const Url = Type.String({ minLength: 1, maxLength: 1024, pattern: '^(https?|rtmps?)://' })
/** Where the server pushes the program: an RTMP ingest (a CDN's, or any RTMP server). */
const PushUrl = Type.String({ minLength: 1, maxLength: 1024, pattern: '^rtmps?://[^\\s/]+/\\S+$' })
const LiveParams = AppParams({ uuid: Id })
/** A member's uid, or '' for nobody. */
const Interpreter = Type.String({ maxLength: 32, pattern: '^[0-9]*$' })

export const LiveService = defineService(ROOM_PREFIX, 10011, {
  streamingUrlsAdd: {
    method: 'POST',
    path: 'room/:roomId/streamingUrls/add',
    params: AppParams({ roomId: Id }),
    body: Type.Object({
      languageType: Text(32),
      languageName: Text(64),
      languageIcon: Type.Optional(Type.String({ maxLength: 1024 })),
      languageIconActive: Type.Optional(Type.String({ maxLength: 1024 })),
      /** At least one of the two: a push-only CDN is watched on the CDN's own pages. */
      pullUrl: Type.Optional(Url),
      pushUrl: Type.Optional(PushUrl),
      interpreterUid: Type.Optional(Interpreter),
    }),
    data: Type.Array(LanguageStreamSchema),
    access: 'session',
  },
  /** A project addition: the host removes a streaming URL (a push in progress stops). */
  streamingUrlsDelete: {
    method: 'POST',
    path: 'room/:roomId/streamingUrls/delete',
    params: AppParams({ roomId: Id }),
    body: Type.Object({ streamId: Id }),
    data: Type.Array(LanguageStreamSchema),
    access: 'session',
  },
  /** A project addition: the host names who interprets into a language ('' nobody). */
  streamingUrlsUpdate: {
    method: 'POST',
    path: 'room/:roomId/streamingUrls/update',
    params: AppParams({ roomId: Id }),
    body: Type.Object({ streamId: Id, interpreterUid: Interpreter }),
    data: Type.Array(LanguageStreamSchema),
    access: 'session',
  },
  /**
   * A project addition (Agora mode, where the host's browser pushes): the host's client tells how
   * its push of a stream goes (`streamId` '' is the room's own stream); the hosts read it in the
   * streams' `pushState` as in local mode. Refused in local mode (this server pushes itself).
   */
  pushReport: {
    method: 'POST',
    path: 'room/:roomId/streamingUrls/pushState',
    params: AppParams({ roomId: Id }),
    body: Type.Object({
      streamId: Type.String({ maxLength: 128 }),
      state: Type.Union([
        Type.Literal('starting'),
        Type.Literal('running'),
        Type.Literal('retrying'),
        Type.Literal('ended'),
      ]),
      reason: Type.Optional(Type.String({ maxLength: 500 })),
    }),
    data: Type.Array(LanguageStreamSchema),
    access: 'session',
  },
  introduceOpen: {
    method: 'POST',
    path: 'live/:uuid/introduceOpen/update',
    params: LiveParams,
    body: Type.Object({
      introduceOpen: FlagSchema,
      introduce: Type.Optional(Type.String({ maxLength: 4000 })),
    }),
    data: LiveSettingSchema,
    access: 'session',
  },
  backgroundImageAdd: {
    method: 'POST',
    path: 'live/:uuid/backgroundImage/add',
    params: LiveParams,
    body: Type.Object({ url: Type.String({ minLength: 1, maxLength: 1024 }) }),
    data: Type.Array(BackgroundImageSchema),
    access: 'session',
  },
  backgroundImageDelete: {
    method: 'POST',
    path: 'live/:uuid/backgroundImage/delete',
    params: LiveParams,
    body: Type.Object({ imageId: Id }),
    data: Type.Array(BackgroundImageSchema),
    access: 'session',
  },
  liveState: {
    method: 'POST',
    path: 'live/:uuid/liveState/update/v2',
    params: LiveParams,
    body: Type.Object({ liveState: LiveStateSchema }),
    data: LiveSettingSchema,
    access: 'session',
  },
  setting: {
    method: 'GET',
    path: 'room/:roomId/live/setting',
    params: AppParams({ roomId: Id }),
    data: LiveSettingSchema,
    access: 'session',
  },
})
