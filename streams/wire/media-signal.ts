import { Type, type Static } from '@sinclair/typebox'

/**
 * Local-mode media signalling (docs/media.md): WebRTC offers, answers and ICE candidates, and the
 * small presence protocol around them, carried as peer messages of the realtime service. Every
 * signal is one JSON object tagged `rtc: 1`; the messaging adapter hands such texts to the media
 * adapter and never to the bus (they are transport, not facts of the meeting).
 */
export const SIGNAL_VERSION = 1

/** Cheap test on a peer-message text, before any parse: signals start with this. */
export const SIGNAL_PREFIX = '{"rtc":1,'

const Uid = Type.String({ minLength: 1, maxLength: 128 })
const LinkId = Type.String({ minLength: 1, maxLength: 64 })
const Base = { rtc: Type.Literal(SIGNAL_VERSION), ch: Type.String({ minLength: 1 }) }

/** What a participant publishes: camera audio and video, and a screen share under its own uid. */
export const PublicationSchema = Type.Object({
  audio: Type.Boolean(),
  video: Type.Boolean(),
  /** The uid the screen share appears under, while sharing. */
  screen: Type.Optional(Uid),
})
export type Publication = Static<typeof PublicationSchema>

export const Quality = Type.Union([Type.Literal('high'), Type.Literal('low')])

/** Which of a publisher's tracks a watcher wants; the full wish every time (idempotent). */
export const WishSchema = Type.Object({
  audio: Type.Boolean(),
  video: Type.Union([Quality, Type.Null()]),
  screen: Type.Boolean(),
})
export type Wish = Static<typeof WishSchema>

const Candidate = Type.Object({
  candidate: Type.String({ maxLength: 1024 }),
  sdpMid: Type.Union([Type.String(), Type.Null()]),
  sdpMLineIndex: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
})

/** Which source each transceiver (by mid) of an offer carries. */
const Sources = Type.Record(
  Type.String(),
  Type.Union([Type.Literal('audio'), Type.Literal('camera'), Type.Literal('screen')]),
)

export const SignalSchema = Type.Union([
  /** I am in the media session; `reply` marks an answer to someone else's hello. */
  Type.Object({ ...Base, t: Type.Literal('hello'), reply: Type.Boolean(), pub: PublicationSchema }),
  Type.Object({ ...Base, t: Type.Literal('bye') }),
  Type.Object({ ...Base, t: Type.Literal('pub'), pub: PublicationSchema }),
  Type.Object({ ...Base, t: Type.Literal('watch'), wish: WishSchema }),
  /** The publisher serves no more watchers ([rtc/limitReached]). */
  Type.Object({
    ...Base,
    t: Type.Literal('refused'),
    limit: Type.Literal('watchers'),
    max: Type.Integer({ minimum: 0 }),
  }),
  Type.Object({
    ...Base,
    t: Type.Literal('offer'),
    link: LinkId,
    sdp: Type.String({ maxLength: 24_000 }),
    sources: Sources,
  }),
  Type.Object({ ...Base, t: Type.Literal('answer'), link: LinkId, sdp: Type.String() }),
  Type.Object({
    ...Base,
    t: Type.Literal('ice'),
    link: LinkId,
    /** Which side of the link sent them: the publisher's (`pub`) or the watcher's (`sub`). */
    side: Type.Union([Type.Literal('pub'), Type.Literal('sub')]),
    candidates: Type.Array(Candidate, { maxItems: 64 }),
  }),
])
export type Signal = Static<typeof SignalSchema>
export type SignalOf<T extends Signal['t']> = Extract<Signal, { t: T }>
