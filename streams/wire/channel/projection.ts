import { Type, type Static } from '@sinclair/typebox'
import { actor } from './actor'

/**
 * cmd 14 join projection ([CMD-14]): a projection screen shows `uids`. Empty ids or uid lists are
 * valid on the wire and ignored by the receivers ([PROJ-2]).
 */
export const JoinProjectionDataSchema = Type.Object({
  ...actor,
  projectionId: Type.String(),
  uids: Type.Array(Type.String(), { maxItems: 100 }),
  layoutCount: Type.Optional(Type.Integer({ minimum: 0 })),
  projectionUrl: Type.Optional(Type.String()),
})
export type JoinProjectionData = Static<typeof JoinProjectionDataSchema>

/** cmd 15 delete projection ([CMD-15], [PROJ-3]). */
export const DeleteProjectionDataSchema = Type.Object({ ...actor, projectionId: Type.String() })
export type DeleteProjectionData = Static<typeof DeleteProjectionDataSchema>

/** cmd 16 edit projection ([CMD-16]): new uids and layout count (which only decreases, [PROJ-1]). */
export const EditProjectionDataSchema = Type.Object({
  ...actor,
  projectionId: Type.String(),
  uids: Type.Array(Type.String(), { maxItems: 100 }),
  layoutCount: Type.Integer({ minimum: 0 }),
})
export type EditProjectionData = Static<typeof EditProjectionDataSchema>
