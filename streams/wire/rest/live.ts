import { Type, type Static } from '@sinclair/typebox'
import { LiveStateSchema } from '../channel/room'
import { FlagSchema } from '../roles'
import { AppParams, defineService, Id, ROOM_PREFIX, Text } from './route'

/** Live states ([LIVE-1]): READY 0, LIVING 1, PAUSE 2, END 3. */
export { LiveStateSchema }

/** A CDN stream in one language (spec §3 "CDN language stream info"). */
export const LanguageStreamSchema = Type.Object({
  streamId: Type.String(),
  languageType: Type.String(),
  languageName: Type.String(),
  languageIcon: Type.String(),
  languageIconActive: Type.String(),
  /** Where the audience plays it (HLS or FLV URL). */
  pullUrl: Type.String(),
  /** Where the encoder pushes it (RTMP URL), shown to hosts only; '' for others. */
  pushUrl: Type.String(),
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
})
export type LiveSetting = Static<typeof LiveSettingSchema>

const Url = Type.String({ minLength: 1, maxLength: 1024, pattern: '^(https?|rtmps?)://' })
const LiveParams = AppParams({ uuid: Id })

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
      pullUrl: Url,
      pushUrl: Type.Optional(Url),
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
