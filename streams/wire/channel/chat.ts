import { Type, type Static } from '@sinclair/typebox'

/** cmd 1 chat ([CMD-1]): a line of text; the sender's uid is the message's `from`. */
export const ChatDataSchema = Type.Object({
  userId: Type.String({ minLength: 1 }),
  userName: Type.String(),
  message: Type.String({ minLength: 1, maxLength: 4000 }),
  /** A sender-made id, so the same line is never shown twice. */
  id: Type.Optional(Type.String()),
  avatar: Type.Optional(Type.String()),
  /** A sign-in line (the sign-in wall shows these). */
  isSignIn: Type.Optional(Type.Boolean()),
})
export type ChatData = Static<typeof ChatDataSchema>
