import { Type, type Static } from '@sinclair/typebox'
import { AppParams, defineService, Id, ROOM_PREFIX, Text } from './route'

/**
 * An input user of a room ([RTMP-1]): a 4-digit uid whose picture and sound come from an RTMP
 * encoder pushing to our ingest (`kind: 'rtmp'`) or from a URL the server pulls (`'pull'`).
 */
export const InputUserSchema = Type.Object({
  uid: Type.String({ pattern: '^\\d{4}$' }),
  name: Type.String(),
  kind: Type.Union([Type.Literal('rtmp'), Type.Literal('pull')]),
  /** 'idle' nothing arrives, 'starting', 'live' in the room, 'retrying' (a pull) with `error`. */
  state: Type.Union([
    Type.Literal('idle'),
    Type.Literal('starting'),
    Type.Literal('live'),
    Type.Literal('retrying'),
  ]),
  error: Type.String(),
  /** Hosts only: where the encoder pushes (the server URL, `rtmp://host:port/live`). */
  ingestUrl: Type.String(),
  /** Hosts only: the secret stream key (the encoder's "stream key"). */
  streamKey: Type.String(),
  /** Hosts only: the pulled URL. */
  sourceUrl: Type.String(),
})
export type InputUser = Static<typeof InputUserSchema>

/** A URL the server pulls: HLS over HTTP(S) or an RTMP stream. */
const SourceUrl = Type.String({
  minLength: 1,
  maxLength: 1024,
  pattern: '^(https?|rtmps?)://[^\\s/]+\\S*$',
})

/** A project addition: the host manages the room's input users. */
export const InputService = defineService(ROOM_PREFIX, 10011, {
  list: {
    method: 'GET',
    path: 'room/:roomId/input/list',
    params: AppParams({ roomId: Id }),
    data: Type.Array(InputUserSchema),
    access: 'session',
  },
  add: {
    method: 'POST',
    path: 'room/:roomId/input/add',
    params: AppParams({ roomId: Id }),
    body: Type.Union([
      Type.Object({ kind: Type.Literal('rtmp'), name: Text(20) }),
      Type.Object({ kind: Type.Literal('pull'), name: Text(20), sourceUrl: SourceUrl }),
    ]),
    data: InputUserSchema,
    access: 'session',
  },
  delete: {
    method: 'POST',
    path: 'room/:roomId/input/delete',
    params: AppParams({ roomId: Id }),
    body: Type.Object({ uid: Type.String({ pattern: '^\\d{4}$' }) }),
    data: Type.Array(InputUserSchema),
    access: 'session',
  },
})
