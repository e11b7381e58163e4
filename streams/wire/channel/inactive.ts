import { Type, type Static } from '@sinclair/typebox'
import { actor } from './actor'

/** cmd 25 confirm inactive ([CMD-25], [INACTIVE-1]): warn that everyone will be exited. */
export const ConfirmInactiveDataSchema = Type.Object({
  ...actor,
  /** Seconds until the exit, when the server says. */
  seconds: Type.Optional(Type.Integer({ minimum: 0 })),
})
export type ConfirmInactiveData = Static<typeof ConfirmInactiveDataSchema>

/** cmd 26 exit inactive ([CMD-26], [INACTIVE-3]): everyone out. */
export const ExitInactiveDataSchema = Type.Object({ ...actor })
export type ExitInactiveData = Static<typeof ExitInactiveDataSchema>

/** cmd 28 cancel popup ([CMD-28], [INACTIVE-2]): the warning is withdrawn. */
export const CancelInactiveDataSchema = Type.Object({ ...actor })
export type CancelInactiveData = Static<typeof CancelInactiveDataSchema>
