import { Type, type Static } from '@sinclair/typebox'

/**
 * The SFU signalling of local mode (a WebSocket at /sfu, docs/media.md): the browser's media
 * adapter asks our server to publish and subscribe; our server checks every request against the
 * room's permissions and only then speaks to Janus. Frames are JSON objects tagged `t`; a
 * request carries an `id` the server echoes in its `ack` or `error`.
 */

/** A safe integer, so the ack names exactly the request it answers (2^64 is refused, never rounded). */
const Id = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })
/** Feed ids are numbers our server draws at random below 2^48. */
const Feed = Type.Integer({ minimum: 1, maximum: 2 ** 48 })
const Mid = Type.String({ minLength: 1, maxLength: 16 })
const Sdp = Type.String({ minLength: 1, maxLength: 64_000 })
const Substream = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])
export type SubstreamId = Static<typeof Substream>
/** Which of my connections: my camera and microphone, my screen share, or what I receive. */
const Pc = Type.Union([Type.Literal('camera'), Type.Literal('screen'), Type.Literal('sub')])
export type SfuPc = Static<typeof Pc>
const Source = Type.Union([Type.Literal('camera'), Type.Literal('screen')])
export type FeedSource = Static<typeof Source>

const Candidate = Type.Object({
  candidate: Type.String({ maxLength: 1024 }),
  sdpMid: Type.Optional(Type.Union([Type.String({ maxLength: 16 }), Type.Null()])),
  sdpMLineIndex: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
})

/** A stream to receive: a publisher's feed and one of its mids, at a simulcast layer. */
export const WantedStreamSchema = Type.Object({
  feed: Feed,
  mid: Mid,
  substream: Type.Optional(Substream),
})
export type WantedStream = Static<typeof WantedStreamSchema>

export const SfuClientFrameSchema = Type.Union([
  /** Enter the room's media: the rtc token from room entry names the uid and the channel. */
  Type.Object({
    t: Type.Literal('join'),
    id: Id,
    channel: Type.String({ minLength: 1, maxLength: 128 }),
    uid: Type.String({ minLength: 1, maxLength: 128 }),
    token: Type.String({ minLength: 1, maxLength: 2048 }),
  }),
  /** An offer for my camera and microphone, or for my screen share (with the screen token). */
  Type.Object({
    t: Type.Literal('publish'),
    id: Id,
    source: Source,
    sdp: Sdp,
    token: Type.Optional(Type.String({ maxLength: 2048 })),
  }),
  Type.Object({ t: Type.Literal('unpublish'), id: Id, source: Source }),
  /** Everything I want to receive, whole each time; the server offers the difference. */
  Type.Object({
    t: Type.Literal('want'),
    id: Id,
    streams: Type.Array(WantedStreamSchema, { maxItems: 256 }),
  }),
  /** My answer to the server's last offer of what I receive. */
  Type.Object({ t: Type.Literal('answer'), id: Id, sdp: Sdp }),
  /** Another simulcast layer of a stream I receive. */
  Type.Object({ t: Type.Literal('layer'), id: Id, feed: Feed, mid: Mid, substream: Substream }),
  /** ICE candidates of one of my connections; null when gathering is complete. */
  Type.Object({
    t: Type.Literal('trickle'),
    id: Id,
    pc: Pc,
    candidates: Type.Union([Type.Array(Candidate, { maxItems: 64 }), Type.Null()]),
  }),
  /** An ICE restart of what I receive (my publishing connections restart with a new offer). */
  Type.Object({ t: Type.Literal('restart'), id: Id }),
  Type.Object({ t: Type.Literal('leave'), id: Id }),
  Type.Object({ t: Type.Literal('ping'), id: Id }),
])
export type SfuClientFrame = Static<typeof SfuClientFrameSchema>

/** A publication in the room: one member's camera and microphone, or one screen share. */
export const FeedInfoSchema = Type.Object({
  feed: Feed,
  /** The member. */
  uid: Type.String(),
  /** The uid its tile is under: the member's for the camera, the screen uid for a share. */
  tile: Type.String(),
  source: Source,
  audio: Type.Optional(Mid),
  video: Type.Optional(Mid),
  /** Whether the video comes in three simulcast layers. */
  simulcast: Type.Boolean(),
})
export type FeedInfo = Static<typeof FeedInfoSchema>

/** A stream of my subscription: its mid in my connection, and whose it is. */
export const OfferedStreamSchema = Type.Object({
  mid: Mid,
  feed: Feed,
  feedMid: Mid,
  type: Type.Union([Type.Literal('audio'), Type.Literal('video')]),
})
export type OfferedStream = Static<typeof OfferedStreamSchema>

/** `watchesLive`: the member now watches the live stream ([MSG-5]), not the room's media. */
export const SFU_CLOSE_REASONS = ['kicked', 'left', 'ended', 'replaced', 'watchesLive'] as const
export type SfuCloseReason = (typeof SFU_CLOSE_REASONS)[number]

export const SfuServerFrameSchema = Type.Union([
  Type.Object({ t: Type.Literal('ack'), id: Id, data: Type.Optional(Type.Unknown()) }),
  Type.Object({
    t: Type.Literal('error'),
    id: Type.Optional(Id),
    code: Type.String(),
    message: Type.String(),
  }),
  /** Every publication of the room now (on join and after each change). */
  Type.Object({ t: Type.Literal('feeds'), feeds: Type.Array(FeedInfoSchema) }),
  /** An offer of what I receive (after a `want`, a publisher leaving, or an ICE restart). */
  Type.Object({ t: Type.Literal('offer'), sdp: Sdp, streams: Type.Array(OfferedStreamSchema) }),
  /** The active speaker: a tile's audio went above or below the talking level. */
  Type.Object({ t: Type.Literal('talking'), tile: Type.String(), on: Type.Boolean() }),
  /** A stream of mine is muted (or released) at the SFU by the room's permissions. */
  Type.Object({
    t: Type.Literal('moderated'),
    source: Source,
    kind: Type.Union([Type.Literal('audio'), Type.Literal('video')]),
    muted: Type.Boolean(),
  }),
  /** Janus reports losses on one of my connections. */
  Type.Object({ t: Type.Literal('slowLink'), pc: Pc, uplink: Type.Boolean(), lost: Type.Number() }),
  /** A connection of mine is up or went down at Janus's end. */
  Type.Object({ t: Type.Literal('pcState'), pc: Pc, up: Type.Boolean() }),
  /** Whether the media server is reachable; after `up: true` the client joins again. */
  Type.Object({ t: Type.Literal('state'), up: Type.Boolean() }),
  /** My media session is over (kicked, left the room, the meeting ended, joined elsewhere). */
  Type.Object({
    t: Type.Literal('closed'),
    reason: Type.Union(SFU_CLOSE_REASONS.map((r) => Type.Literal(r))),
  }),
])
export type SfuServerFrame = Static<typeof SfuServerFrameSchema>

/** Refusal codes of the SFU signalling. */
export const SfuError = {
  badFrame: 'badFrame',
  unauthorized: 'unauthorized',
  notInRoom: 'notInRoom',
  notJoined: 'notJoined',
  forbidden: 'forbidden',
  unknownFeed: 'unknownFeed',
  badSdp: 'badSdp',
  publishersFull: 'publishersFull',
  unavailable: 'unavailable',
  failed: 'failed',
} as const
export type SfuErrorCode = (typeof SfuError)[keyof typeof SfuError]
