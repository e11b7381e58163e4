import { Type, type Static } from '@sinclair/typebox'
import { FlagSchema } from '../roles'
import { actor } from './actor'

export const MuteAllSchema = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])
export const LiveStateSchema = Type.Union([
  Type.Literal(0),
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
])

/**
 * cmd 3 room info ([CMD-3]): the room or conference fields that changed (only those present).
 * `state` 0 ends the room ([END-1]); `muteAllAudio` is the mute-all command ([MUTE-5]).
 */
export const RoomInfoChangedDataSchema = Type.Object({
  ...actor,
  state: Type.Optional(Type.Integer()),
  muteAllAudio: Type.Optional(MuteAllSchema),
  muteAllChat: Type.Optional(FlagSchema),
  roomName: Type.Optional(Type.String()),
  meetingTopic: Type.Optional(Type.Integer({ minimum: 0 })),
})
export type RoomInfoChangedData = Static<typeof RoomInfoChangedDataSchema>

/** cmd 12 live type ([CMD-12], [OPEN-1]): the open-live flag. */
export const LiveTypeChangedDataSchema = Type.Object({ ...actor, openLive: FlagSchema })
export type LiveTypeChangedData = Static<typeof LiveTypeChangedDataSchema>

/** cmd 13 meeting end ([CMD-13]), with why. */
export const MeetingEndDataSchema = Type.Object({
  ...actor,
  reason: Type.Optional(
    Type.Union([Type.Literal('host'), Type.Literal('countdown'), Type.Literal('inactive')]),
  ),
})
export type MeetingEndData = Static<typeof MeetingEndDataSchema>

/** cmd 21 refresh ([CMD-21]): every client reloads its page. */
export const RefreshPageDataSchema = Type.Object({ ...actor })
export type RefreshPageData = Static<typeof RefreshPageDataSchema>

/** cmd 22 watch type ([CMD-22]): how the audience watches; 1 is in the room, anything else CDN. */
export const WatchTypeDataSchema = Type.Object({
  ...actor,
  audienceWatchType: Type.Integer({ minimum: 0 }),
})
export type WatchTypeData = Static<typeof WatchTypeDataSchema>

/** cmd 27 live state ([CMD-27], [LIVE-1]): READY 0, LIVING 1, PAUSE 2, END 3. */
export const LiveStateDataSchema = Type.Object({ ...actor, liveState: LiveStateSchema })
export type LiveStateData = Static<typeof LiveStateDataSchema>

/**
 * cmd 29 converter ([CMD-29]): the state of the stream converter that feeds the CDN (0 stopped,
 * 1 running, 2 failed) and whether it converts for mobile.
 */
export const ConverterDataSchema = Type.Object({
  ...actor,
  converterState: Type.Integer({ minimum: 0 }),
  converterMob: Type.Optional(FlagSchema),
})
export type ConverterData = Static<typeof ConverterDataSchema>

/** cmd 30 recording ([CMD-30], [REC-1]): 0 idle, 1 recording, 2 abnormal. */
export const RecordingDataSchema = Type.Object({
  ...actor,
  recordingState: Type.Integer({ minimum: 0 }),
})
export type RecordingData = Static<typeof RecordingDataSchema>
