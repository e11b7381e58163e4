import { Type, type Static } from '@sinclair/typebox'
import { AppParams, defineService, Id, ROOM_PREFIX } from './route'

/**
 * Which stage (streams/wire/stage.ts): `{ stage: 'board' }`, the board's picture, or
 * `{ stage: 'language', streamId }`, a language stream's sound. One object rather than a union, so
 * a refusal names what is wrong ('stage', or a language's missing 'streamId', checked by the route)
 * instead of the first branch's complaint.
 */
export const StageBodySchema = Type.Object({
  stage: Type.Union([Type.Literal('board'), Type.Literal('language')]),
  streamId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
})
export type StageBody = Static<typeof StageBodySchema>

/** A stage's uid in the room and an RTC token that joins the channel with it and publishes. */
export const StageTokenSchema = Type.Object({
  uid: Type.String({ pattern: '^[0-9]{5}$' }),
  token: Type.String({ minLength: 1 }),
})
export type StageToken = Static<typeof StageTokenSchema>

/** Media stages of a room (Agora mode). */
export const StageService = defineService(ROOM_PREFIX, 10011, {
  /**
   * A project addition (Agora mode): a host's client publishes a stage (the shared board's
   * picture, a language's sound mix) under the room's uid for it; asked again, the same uid and a
   * fresh token (its renewal). Refused to non-hosts, for an unknown stream, and in local mode.
   */
  stageToken: {
    method: 'POST',
    path: 'room/:roomId/media/stageToken',
    params: AppParams({ roomId: Id }),
    body: StageBodySchema,
    data: StageTokenSchema,
    access: 'session',
  },
})
