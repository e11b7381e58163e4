import type { Jsep } from 'janode'

/** VideoRoom error codes (janus_videoroom.c) this server acts on. */
export const VideoRoomError = {
  noSuchRoom: 426,
  roomExists: 427,
  noSuchFeed: 428,
  publishersFull: 432,
  unauthorized: 433,
  alreadyPublished: 434,
  idExists: 436,
  invalidSdp: 437,
} as const

/** A room in Janus as our server owns it: its numeric id and the secret that manages it. */
export interface JanusRoomRef {
  readonly id: number
  readonly secret: string
}

/** One stream of a publisher, as Janus lists it (`streams` of a publisher). */
export interface PublishedStream {
  readonly mid: string
  readonly type: 'audio' | 'video' | 'data'
  readonly codec?: string
  readonly simulcast?: boolean
  readonly disabled?: boolean
  readonly moderated?: boolean
  readonly description?: string
}

/** A publisher of a room, as Janus lists it. */
export interface JanusPublisher {
  readonly feed: number
  readonly display: string
  readonly streams: readonly PublishedStream[]
}

/** One stream of a subscription (`streams` of `attached` / `updated`). */
export interface SubscribedStream {
  /** The mid in the subscriber's own connection. */
  readonly mid: string
  readonly type: 'audio' | 'video' | 'data'
  readonly feed?: number
  /** The mid in the publisher's connection. */
  readonly feedMid?: string
  readonly active: boolean
}

type Json = Record<string, unknown>

/** The plugin's answer inside a janode response (`plugindata.data`). */
export function dataOf(reply: unknown): Json {
  const data = (reply as { plugindata?: { data?: unknown } } | undefined)?.plugindata?.data
  return data && typeof data === 'object' ? (data as Json) : {}
}

export function jsepOf(reply: unknown): Jsep | undefined {
  const jsep = (reply as { jsep?: Jsep } | undefined)?.jsep
  return jsep && typeof jsep.sdp === 'string' ? jsep : undefined
}

/** The VideoRoom error code janode attaches to a rejected request (`_code`). */
export function errorCode(error: unknown): number | undefined {
  const code = (error as { _code?: unknown } | undefined)?._code
  return typeof code === 'number' ? code : undefined
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** A publisher entry of `joined` or `event.publishers` (Janus field names). */
export function publisherOf(entry: unknown): JanusPublisher | undefined {
  const e = entry as Json
  // Janus names it `id`; janode's parsed events, `feed`.
  const feed = typeof e?.id === 'number' ? e.id : e?.feed
  if (typeof feed !== 'number') return undefined
  const streams = Array.isArray(e.streams) ? e.streams : []
  return {
    feed,
    display: str(e.display) ?? '',
    streams: streams.flatMap((s: Json) => {
      const type = s?.type
      const mid = str(s?.mid)
      if (!mid || (type !== 'audio' && type !== 'video' && type !== 'data')) return []
      return [
        {
          mid,
          type,
          codec: str(s.codec),
          simulcast: s.simulcast === true,
          disabled: s.disabled === true,
          moderated: s.moderated === true,
          description: str(s.description),
        } satisfies PublishedStream,
      ]
    }),
  }
}

/** A subscription's streams (`attached` / `updated`), with janode's and Janus's field names. */
export function subscribedOf(streams: unknown): SubscribedStream[] {
  if (!Array.isArray(streams)) return []
  return streams.flatMap((s: Json) => {
    const mid = str(s?.mid)
    const type = s?.type
    if (!mid || (type !== 'audio' && type !== 'video' && type !== 'data')) return []
    return [
      {
        mid,
        type,
        feed: typeof s.feed_id === 'number' ? s.feed_id : undefined,
        feedMid: str(s.feed_mid),
        active: s.active !== false && typeof s.feed_id === 'number',
      },
    ]
  })
}
