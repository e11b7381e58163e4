import { Type, type Static, type TSchema } from '@sinclair/typebox'

/** Every REST answer is `{ code, msg, data }`; code 0 is success, anything else a refusal. */
export function ApiAnswer<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), msg: Type.String(), data })
}

/** A refused call: HTTP 4xx/5xx, or HTTP 200 with a non-zero body code (10011 / 20003: not logged in). */
export const ApiErrorSchema = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Union([
    Type.Null(),
    Type.Object({
      /** The request field at fault, when one is. */
      field: Type.Optional(Type.String()),
      /** A stable reason key the client translates (e.g. 'empty', 'tooLong', 'wrongPassword'). */
      reason: Type.Optional(Type.String()),
    }),
  ]),
})
export type ApiError = Static<typeof ApiErrorSchema>

/** Body codes meaning "not logged in" ([API-2]). */
export const NOT_LOGGED_IN_CODES: ReadonlySet<number> = new Set([10011, 20003])

/** A route's answer: its data on success, or a refusal with a non-zero code. */
export function Answer<T extends TSchema>(data: T) {
  return Type.Union([ApiAnswer(data), ApiErrorSchema])
}
