import { Type } from '@sinclair/typebox'

/**
 * Every channel message's data names who made the change: the actor's userId and userName (the
 * host who muted everyone, the member who joined). Messages the server raises by itself (a hot
 * number, an inactive-room warning) carry empty strings.
 */
export const actor = {
  userId: Type.String(),
  userName: Type.String(),
}

/** A uid a message is about; an empty one is 'missing uid' ([MSG-6]). */
export const Uid = Type.String({ minLength: 1 })
