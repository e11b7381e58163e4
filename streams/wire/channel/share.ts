import { Type, type Static } from '@sinclair/typebox'
import { FlagSchema } from '../roles'
import { LayoutNameSchema, PositionTypeSchema } from '../video'
import { actor, Uid } from './actor'

/**
 * cmd 5 share board ([CMD-5]): either the board share turned on or off ([BOARD-1], [BOARD-2]),
 * or member `uid`'s board grant given (1) or revoked (0) ([BOARD-3]). Receivers derive the
 * creator rules ([BOARD-4], [BOARD-5], [BOARD-6]) themselves.
 */
export const ShareBoardDataSchema = Type.Union([
  Type.Object({
    ...actor,
    kind: Type.Literal('share'),
    shareBoard: FlagSchema,
    boardId: Type.Optional(Type.String()),
  }),
  Type.Object({ ...actor, kind: Type.Literal('grant'), uid: Uid, grantBoard: FlagSchema }),
])
export type ShareBoardData = Static<typeof ShareBoardDataSchema>

/** cmd 6 screen share ([CMD-6], [SCREEN-1]): 1 member `uid` starts sharing; 0 clears all sharers. */
export const ScreenShareDataSchema = Type.Object({
  ...actor,
  uid: Uid,
  screenShare: FlagSchema,
  screenId: Type.Optional(Type.String()),
})
export type ScreenShareData = Static<typeof ScreenShareDataSchema>

/** cmd 10 layout ([CMD-10], [LAYOUT-1]): the layout, each uid's position, and the large uid. */
export const LayoutDataSchema = Type.Object({
  ...actor,
  layout: LayoutNameSchema,
  positions: Type.Array(Type.Object({ uid: Uid, type: PositionTypeSchema }), { maxItems: 1000 }),
  largeUid: Type.String(),
})
export type LayoutData = Static<typeof LayoutDataSchema>

/** cmd 11 main screen ([CMD-11]): the uid on the main screen; '' clears it ([MAIN-1]). */
export const MainScreenDataSchema = Type.Object({ ...actor, mainScreenUid: Type.String() })
export type MainScreenData = Static<typeof MainScreenDataSchema>

/** cmd 17 dom info ([CMD-17]): the document shown in the document centre and its page. */
export const DomInfoDataSchema = Type.Object({
  ...actor,
  fileId: Type.String(),
  fileName: Type.Optional(Type.String()),
  page: Type.Integer({ minimum: 0 }),
  total: Type.Optional(Type.Integer({ minimum: 0 })),
  scenePath: Type.Optional(Type.String()),
})
export type DomInfoData = Static<typeof DomInfoDataSchema>

/** cmd 20 end host share ([CMD-20]): the host closes member `uid`'s screen share. */
export const EndHostShareDataSchema = Type.Object({ ...actor, uid: Uid })
export type EndHostShareData = Static<typeof EndHostShareDataSchema>
