import { Type, type Static } from '@sinclair/typebox'
import { defineService, Id, SCENE_PREFIX, Text } from './route'

/**
 * Projection screens (spec §3, §7): extra display pages a host opens on other screens. Each
 * shows up to `layoutCount` members (`subUids`); a projection screen enters the room with role 4.
 * Adding, editing and deleting are announced (cmd 14, 16, 15).
 */
export const ProjectionSchema = Type.Object({
  projectionId: Type.String(),
  roomId: Type.String(),
  name: Type.String(),
  /** Tiles on the screen ([PROJ-1] the client only ever lowers it). */
  layoutCount: Type.Integer(),
  subUids: Type.Array(Type.String()),
  /** The page to open on the projection screen. */
  projectionUrl: Type.String(),
  /** 1 active, 0 deleted ([PROJ-3]). */
  state: Type.Integer(),
  createTime: Type.Number(),
})
export type Projection = Static<typeof ProjectionSchema>

const SubUids = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 64 })
const LayoutCount = Type.Integer({ minimum: 1, maximum: 64 })

export const ProjectionService = defineService(SCENE_PREFIX, 20003, {
  add: {
    method: 'POST',
    path: 'meeting/projection/add',
    body: Type.Object({
      roomId: Id,
      name: Text(64),
      layoutCount: Type.Optional(LayoutCount),
      subUids: Type.Optional(SubUids),
    }),
    data: ProjectionSchema,
    access: 'session',
  },
  roomInfo: {
    method: 'GET',
    path: 'meeting/projection/room/:id/info',
    params: Type.Object({ id: Id }),
    data: Type.Object({
      roomId: Type.String(),
      total: Type.Integer(),
      projections: Type.Array(ProjectionSchema),
    }),
    access: 'session',
  },
  /** The room's active projections (items carry projectionUrl with subUids). */
  list: {
    method: 'GET',
    path: 'meeting/projection/:id/list',
    params: Type.Object({ id: Id }),
    data: Type.Array(ProjectionSchema),
    access: 'session',
  },
  /** Which members a projection shows. */
  update: {
    method: 'POST',
    path: 'meeting/projection/update',
    body: Type.Object({
      projectionId: Id,
      subUids: SubUids,
      layoutCount: Type.Optional(LayoutCount),
    }),
    data: ProjectionSchema,
    access: 'session',
  },
  /** Its name, or `state: 0` to delete it. */
  infoUpdate: {
    method: 'POST',
    path: 'meeting/projection/info/update',
    body: Type.Object(
      {
        projectionId: Id,
        name: Type.Optional(Text(64)),
        state: Type.Optional(Type.Literal(0)),
      },
      { minProperties: 2 },
    ),
    data: ProjectionSchema,
    access: 'session',
  },
  /** Members who have been on a projection (spec: "users who used a projection"). */
  selectedUsers: {
    method: 'GET',
    path: 'meeting/projection/selected/user/:roomId/:projectionId/list',
    params: Type.Object({ roomId: Id, projectionId: Id }),
    data: Type.Array(
      Type.Object({ uid: Type.String(), userId: Type.String(), userName: Type.String() }),
    ),
    access: 'session',
  },
})
