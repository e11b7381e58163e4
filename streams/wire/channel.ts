import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { PROTOCOL_VERSION } from './constants'
import { ChatDataSchema } from './channel/chat'
import {
  HostChangedDataSchema,
  JoinNameDataSchema,
  KickOutDataSchema,
  MemberChangedDataSchema,
  UserStateDataSchema,
} from './channel/members'
import {
  ConverterDataSchema,
  LiveStateDataSchema,
  LiveTypeChangedDataSchema,
  MeetingEndDataSchema,
  RecordingDataSchema,
  RefreshPageDataSchema,
  RoomInfoChangedDataSchema,
  WatchTypeDataSchema,
} from './channel/room'
import {
  DomInfoDataSchema,
  EndHostShareDataSchema,
  LayoutDataSchema,
  MainScreenDataSchema,
  ScreenShareDataSchema,
  ShareBoardDataSchema,
} from './channel/share'
import {
  DeleteProjectionDataSchema,
  EditProjectionDataSchema,
  JoinProjectionDataSchema,
} from './channel/projection'
import {
  BusinessDataSchema,
  GoodsDataSchema,
  LikeDataSchema,
  QuestionDataSchema,
  RedPacketDataSchema,
  UsersAmountDataSchema,
} from './channel/business'
import {
  CancelInactiveDataSchema,
  ConfirmInactiveDataSchema,
  ExitInactiveDataSchema,
} from './channel/inactive'
import { compile } from './validate'

export { PROTOCOL_VERSION } from './constants'
export * from './channel/chat'
export * from './channel/members'
export * from './channel/room'
export * from './channel/share'
export * from './channel/projection'
export * from './channel/business'
export * from './channel/inactive'

/** Channel command numbers, exactly those of spec §9 ([MSG-7]). */
export const Cmd = {
  chat: 1,
  memberChanged: 2,
  roomInfo: 3,
  userState: 4,
  shareBoard: 5,
  screenShare: 6,
  hostChanged: 7,
  kickOut: 8,
  giveLike: 9,
  layout: 10,
  mainScreen: 11,
  liveTypeChanged: 12,
  meetingEnd: 13,
  joinProjection: 14,
  deleteProjection: 15,
  editProjection: 16,
  domInfo: 17,
  nxBusiness: 18,
  redPacket: 19,
  endHostShare: 20,
  refreshPage: 21,
  audienceWatchTypeChange: 22,
  showGoodsDetail: 23,
  usersAmountAndHotChange: 24,
  confirmInactiveRoom: 25,
  exitInactiveRoom: 26,
  liveStateChanges: 27,
  cancelPopupOfInactiveRoom: 28,
  converterStateChange: 29,
  recordingStateChange: 30,
  joinName: 31,
  answerTheQuestion: 41,
} as const
export type CmdName = keyof typeof Cmd
export type CmdId = (typeof Cmd)[CmdName]

const CMD_IDS: ReadonlySet<number> = new Set(Object.values(Cmd))
export function isCmd(value: number): value is CmdId {
  return CMD_IDS.has(value)
}

/** The data schema of every channel command: one entry per command, the type checks it. */
export const CHANNEL_DATA_SCHEMAS = {
  [Cmd.chat]: ChatDataSchema,
  [Cmd.memberChanged]: MemberChangedDataSchema,
  [Cmd.roomInfo]: RoomInfoChangedDataSchema,
  [Cmd.userState]: UserStateDataSchema,
  [Cmd.shareBoard]: ShareBoardDataSchema,
  [Cmd.screenShare]: ScreenShareDataSchema,
  [Cmd.hostChanged]: HostChangedDataSchema,
  [Cmd.kickOut]: KickOutDataSchema,
  [Cmd.giveLike]: LikeDataSchema,
  [Cmd.layout]: LayoutDataSchema,
  [Cmd.mainScreen]: MainScreenDataSchema,
  [Cmd.liveTypeChanged]: LiveTypeChangedDataSchema,
  [Cmd.meetingEnd]: MeetingEndDataSchema,
  [Cmd.joinProjection]: JoinProjectionDataSchema,
  [Cmd.deleteProjection]: DeleteProjectionDataSchema,
  [Cmd.editProjection]: EditProjectionDataSchema,
  [Cmd.domInfo]: DomInfoDataSchema,
  [Cmd.nxBusiness]: BusinessDataSchema,
  [Cmd.redPacket]: RedPacketDataSchema,
  [Cmd.endHostShare]: EndHostShareDataSchema,
  [Cmd.refreshPage]: RefreshPageDataSchema,
  [Cmd.audienceWatchTypeChange]: WatchTypeDataSchema,
  [Cmd.showGoodsDetail]: GoodsDataSchema,
  [Cmd.usersAmountAndHotChange]: UsersAmountDataSchema,
  [Cmd.confirmInactiveRoom]: ConfirmInactiveDataSchema,
  [Cmd.exitInactiveRoom]: ExitInactiveDataSchema,
  [Cmd.liveStateChanges]: LiveStateDataSchema,
  [Cmd.cancelPopupOfInactiveRoom]: CancelInactiveDataSchema,
  [Cmd.converterStateChange]: ConverterDataSchema,
  [Cmd.recordingStateChange]: RecordingDataSchema,
  [Cmd.joinName]: JoinNameDataSchema,
  [Cmd.answerTheQuestion]: QuestionDataSchema,
} as const satisfies { readonly [C in CmdId]: TSchema }

/** The data type of command C. */
export type ChannelData<C extends CmdId> = Static<(typeof CHANNEL_DATA_SCHEMAS)[C]>

/** A whole channel message of command C. */
export interface ChannelMessage<C extends CmdId = CmdId> {
  readonly cmd: C
  readonly version: typeof PROTOCOL_VERSION
  readonly timestamp: number
  readonly data: ChannelData<C>
}

/** The outer shape every channel message shares: cmd, version, timestamp, data ([MSG-1]). */
export const ChannelEnvelopeSchema = Type.Object({
  cmd: Type.Integer(),
  version: Type.Integer(),
  timestamp: Type.Number(),
  data: Type.Unknown(),
})
export type ChannelEnvelope = Static<typeof ChannelEnvelopeSchema>

/** Builds a channel message with the protocol version; the data type follows the command. */
export function channelMessage<C extends CmdId>(
  cmd: C,
  data: ChannelData<C>,
  timestamp: number,
): ChannelMessage<C> {
  return { cmd, version: PROTOCOL_VERSION, timestamp, data }
}

/**
 * Commands a client may say on the channel itself in local mode: a chat line, and the social
 * business toasts (cheers, raising a glass). Every other command changes shared state, so it is
 * made through an authorised REST call and the server announces it ([HOST-6]); the realtime
 * service refuses it from a client. In Agora mode the host client sends them all.
 */
export const CLIENT_SENDABLE_CMDS: ReadonlySet<number> = new Set<number>([Cmd.chat, Cmd.nxBusiness])

/** The business types a client may raise itself (lucky money and sign-in come from the server). */
export const CLIENT_BUSINESS_TYPES: ReadonlySet<string> = new Set([
  'liquorOfInviting',
  'liquorOfRespect',
  'cheers',
])

/**
 * Whether a client with `userId` may send this channel message itself in local mode ([HOST-6]):
 * null when it may, else the refusal. The realtime service and the client's own effects use it.
 */
export function checkClientChannelMessage(
  message: unknown,
  userId: string | undefined,
): { code: 'badMessage' | 'forbidden'; message: string } | null {
  const envelope = compile(ChannelEnvelopeSchema)
  if (!envelope.check(message))
    return {
      code: 'badMessage',
      message: `invalid channel message: ${envelope.firstError(message)}`,
    }
  if (!CLIENT_SENDABLE_CMDS.has(message.cmd))
    return { code: 'forbidden', message: `command ${message.cmd} is announced by the server only` }
  const schema = compile(CHANNEL_DATA_SCHEMAS[message.cmd as CmdId])
  if (!schema.check(message.data))
    return { code: 'badMessage', message: `invalid data: ${schema.firstError(message.data)}` }
  const data = message.data as { userId: string; type?: string }
  if (data.userId !== userId)
    return { code: 'forbidden', message: 'a message must carry its sender' }
  if (message.cmd === Cmd.nxBusiness && !CLIENT_BUSINESS_TYPES.has(data.type ?? ''))
    return { code: 'forbidden', message: `business ${data.type} is announced by the server only` }
  return null
}

/**
 * The only commands an audience on CDN watch processes ([MSG-5]): chat, kickOut, giveLike,
 * liveTypeChanged, meetingEnd, join/delete/edit projection, nxBusiness, redPacket, refreshPage,
 * audienceWatchTypeChange, showGoodsDetail, usersAmountAndHotChange, liveStateChanges,
 * exitInactiveRoom, converterStateChange, answerTheQuestion.
 */
export const CDN_AUDIENCE_CMDS: ReadonlySet<CmdId> = new Set<CmdId>([
  Cmd.chat,
  Cmd.kickOut,
  Cmd.giveLike,
  Cmd.liveTypeChanged,
  Cmd.meetingEnd,
  Cmd.joinProjection,
  Cmd.deleteProjection,
  Cmd.editProjection,
  Cmd.nxBusiness,
  Cmd.redPacket,
  Cmd.refreshPage,
  Cmd.audienceWatchTypeChange,
  Cmd.showGoodsDetail,
  Cmd.usersAmountAndHotChange,
  Cmd.liveStateChanges,
  Cmd.exitInactiveRoom,
  Cmd.converterStateChange,
  Cmd.answerTheQuestion,
])
