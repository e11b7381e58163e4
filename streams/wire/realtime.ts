import { Type, type Static } from '@sinclair/typebox'

/**
 * Frames of the local realtime service (a WebSocket at /rtm), mirroring the messaging semantics
 * of Agora RTM 1.x that the spec's client uses. Every frame is one JSON object with a `t` tag.
 * Requests carry an `id` the server echoes in its `ack` or `error`.
 */

/** Agora's limits: 32 KB a message, 60 messages a second a client. */
export const MAX_MESSAGE_BYTES = 32 * 1024
/** A realtime frame is at most this big; a bigger one closes the connection (1009). */
export const MAX_FRAME_BYTES = 64 * 1024
export const MAX_MESSAGES_PER_SECOND = 60

/** A request id: a safe integer, so the ack names exactly the request it answers. */
const Id = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })
const Text = Type.String({ minLength: 1 })
const AttributeMap = Type.Record(Type.String(), Type.String())

export const ClientFrameSchema = Type.Union([
  Type.Object({
    t: Type.Literal('login'),
    id: Id,
    uid: Type.String({ minLength: 1 }),
    token: Type.String(),
  }),
  Type.Object({ t: Type.Literal('renewToken'), id: Id, token: Type.String() }),
  Type.Object({ t: Type.Literal('logout'), id: Id }),
  Type.Object({ t: Type.Literal('join'), id: Id, channel: Type.String({ minLength: 1 }) }),
  Type.Object({ t: Type.Literal('leave'), id: Id, channel: Type.String({ minLength: 1 }) }),
  Type.Object({ t: Type.Literal('channelMessage'), id: Id, channel: Type.String(), text: Text }),
  Type.Object({
    t: Type.Literal('peerMessage'),
    id: Id,
    to: Type.String({ minLength: 1 }),
    text: Text,
  }),
  Type.Object({ t: Type.Literal('getMembers'), id: Id, channel: Type.String() }),
  Type.Object({ t: Type.Literal('getMemberCount'), id: Id, channels: Type.Array(Type.String()) }),
  Type.Object({ t: Type.Literal('queryPeersOnline'), id: Id, uids: Type.Array(Type.String()) }),
  Type.Object({ t: Type.Literal('getAttributes'), id: Id, channel: Type.String() }),
  Type.Object({
    t: Type.Literal('setAttributes'),
    id: Id,
    channel: Type.String(),
    attributes: AttributeMap,
  }),
  Type.Object({
    t: Type.Literal('addOrUpdateAttributes'),
    id: Id,
    channel: Type.String(),
    attributes: AttributeMap,
  }),
  Type.Object({
    t: Type.Literal('deleteAttributes'),
    id: Id,
    channel: Type.String(),
    keys: Type.Array(Type.String()),
  }),
  Type.Object({ t: Type.Literal('ping'), id: Id }),
  /** The channel messages after `since` that a member missed (its connection dropped). */
  Type.Object({
    t: Type.Literal('history'),
    id: Id,
    channel: Type.String({ minLength: 1 }),
    since: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
  }),
])
export type ClientFrame = Static<typeof ClientFrameSchema>

/** Connection states and reasons, after Agora RTM 1.x. */
export const ConnectionStateSchema = Type.Union([
  Type.Literal('CONNECTING'),
  Type.Literal('CONNECTED'),
  Type.Literal('RECONNECTING'),
  Type.Literal('ABORTED'),
  Type.Literal('DISCONNECTED'),
])
export type ConnectionState = Static<typeof ConnectionStateSchema>

export const ServerFrameSchema = Type.Union([
  Type.Object({ t: Type.Literal('ack'), id: Id, data: Type.Optional(Type.Unknown()) }),
  Type.Object({
    t: Type.Literal('error'),
    id: Type.Optional(Id),
    code: Type.String(),
    message: Type.String(),
  }),
  Type.Object({
    t: Type.Literal('channelMessage'),
    channel: Type.String(),
    from: Type.String(),
    text: Type.String(),
    /** A member's message: its place in the channel's history (1, 2, …), never reused. */
    seq: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
  Type.Object({ t: Type.Literal('peerMessage'), from: Type.String(), text: Type.String() }),
  Type.Object({ t: Type.Literal('memberJoined'), channel: Type.String(), uid: Type.String() }),
  Type.Object({ t: Type.Literal('memberLeft'), channel: Type.String(), uid: Type.String() }),
  Type.Object({
    t: Type.Literal('memberCountUpdated'),
    channel: Type.String(),
    count: Type.Integer(),
  }),
  Type.Object({
    t: Type.Literal('attributesUpdated'),
    channel: Type.String(),
    attributes: AttributeMap,
  }),
  Type.Object({
    t: Type.Literal('connectionStateChanged'),
    state: ConnectionStateSchema,
    reason: Type.String(),
  }),
])
export type ServerFrame = Static<typeof ServerFrameSchema>

/** A message of a channel's history, as `history` answers it. */
export const HistoryMessageSchema = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  from: Type.String(),
  text: Type.String(),
})
export type HistoryMessage = Static<typeof HistoryMessageSchema>

/**
 * The answer to `history`: the messages after `since`, oldest first, up to `last` (the newest
 * seq when answered); `complete` is false when older ones the member missed are no longer kept.
 */
export const HistoryAnswerSchema = Type.Object({
  messages: Type.Array(HistoryMessageSchema),
  last: Type.Integer({ minimum: 0 }),
  complete: Type.Boolean(),
})
export type HistoryAnswer = Static<typeof HistoryAnswerSchema>

/** The answer to `join`: the members (at most 512) and the channel's newest message seq. */
export const JoinAnswerSchema = Type.Object({
  members: Type.Array(Type.String()),
  lastSeq: Type.Optional(Type.Integer({ minimum: 0 })),
})
export type JoinAnswer = Static<typeof JoinAnswerSchema>

/** The uid the server uses as sender of the messages it announces itself ([HOST-6]). */
export const SERVER_SENDER = 'server'

/** Named close codes of the realtime service. */
export const CloseCode = {
  remoteLogin: 4001,
  unauthorized: 4401,
  forbidden: 4403,
  /** Not logged in within the login timeout after the connection opened. */
  loginTimeout: 4408,
  /** Over the open connections allowed per account or per client address. */
  tooManyConnections: 4429,
  tooBig: 1009,
} as const
