import { Type, type Static } from '@sinclair/typebox'
import { MemberSchema } from './member'

/** Message protocol version (spec §9). Channel messages with any other version are ignored. */
export const PROTOCOL_VERSION = 1

/** Channel command numbers, exactly those of spec §9. */
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

/**
 * Commands a client may send on the channel itself in local mode. Every other command changes
 * shared state, so it is made through an authorised REST call and the server announces it
 * ([HOST-6]); the realtime service refuses it from a client.
 */
export const CLIENT_SENDABLE_CMDS: ReadonlySet<number> = new Set<number>([Cmd.chat])

/** The outer shape every channel message shares: cmd, version, timestamp, data. */
export const ChannelEnvelopeSchema = Type.Object({
  cmd: Type.Integer(),
  version: Type.Integer(),
  timestamp: Type.Number(),
  data: Type.Unknown(),
})
export type ChannelEnvelope = Static<typeof ChannelEnvelopeSchema>

export const ChatDataSchema = Type.Object({
  userId: Type.String({ minLength: 1 }),
  userName: Type.String(),
  message: Type.String({ minLength: 1, maxLength: 4000 }),
  id: Type.Optional(Type.String()),
  avatar: Type.Optional(Type.String()),
  isSignIn: Type.Optional(Type.Boolean()),
})
export type ChatData = Static<typeof ChatDataSchema>

export const MemberChangedDataSchema = Type.Object({
  userId: Type.String(),
  userName: Type.String(),
  type: Type.Union([Type.Literal('join'), Type.Literal('leave'), Type.Literal('update')]),
  member: MemberSchema,
})
export type MemberChangedData = Static<typeof MemberChangedDataSchema>

/** Builds a channel message with the protocol version. */
export function channelMessage<D>(cmd: CmdId, data: D, timestamp: number) {
  return { cmd, version: PROTOCOL_VERSION, timestamp, data }
}
