import { Type, type Static } from '@sinclair/typebox'
import { FlagSchema } from '../roles'
import { AppParams, defineService, Id, ROOM_PREFIX, Text } from './route'

/** A goods item shown in a room (spec §3 "Goods detail"). */
export const GoodsSchema = Type.Object({
  goodsId: Type.String(),
  roomId: Type.String(),
  title: Type.String(),
  goodsImg: Type.String(),
  /** Price in cents, 0 when not shown. */
  price: Type.Integer(),
  /** Where the goods is bought. */
  url: Type.String(),
  /** Sold through an app store (1) or a web page (0). */
  isAppStore: FlagSchema,
  objectId: Type.String(),
  objectType: Type.String(),
  createTime: Type.Number(),
})
export type Goods = Static<typeof GoodsSchema>

const Url = Type.String({ maxLength: 1024 })

/**
 * The goods activity of a room (spec §7): hosts add goods and show one (cmd 23,
 * showGoodsDetail); members list them.
 */
export const GoodsService = defineService(ROOM_PREFIX, 10011, {
  activity: {
    method: 'GET',
    path: 'goods/activity',
    params: AppParams({}),
    query: Type.Object({ roomId: Id }),
    data: Type.Array(GoodsSchema),
    access: 'session',
  },
  add: {
    method: 'POST',
    path: 'goods/add',
    params: AppParams({}),
    body: Type.Object({
      roomId: Id,
      title: Text(100),
      goodsImg: Type.Optional(Url),
      price: Type.Optional(Type.Integer({ minimum: 0 })),
      url: Type.Optional(Url),
      isAppStore: Type.Optional(FlagSchema),
      objectId: Type.Optional(Type.String({ maxLength: 64 })),
      objectType: Type.Optional(Type.String({ maxLength: 32 })),
    }),
    data: GoodsSchema,
    access: 'session',
  },
  show: {
    method: 'POST',
    path: 'goods/show',
    params: AppParams({}),
    /** `show: false` hides the goods card again. */
    body: Type.Object({ roomId: Id, goodsId: Id, show: Type.Optional(Type.Boolean()) }),
    data: GoodsSchema,
    access: 'session',
  },
})

/**
 * The messaging app's JS-SDK signature (spec §7 "a signature call for the messaging app"): the
 * in-app browser needs it to configure sharing. Answers a refusal when the app is not configured.
 */
export const SignatureSchema = Type.Object({
  appId: Type.String(),
  timestamp: Type.Integer(),
  nonceStr: Type.String(),
  signature: Type.String(),
})

export const SignatureService = defineService(ROOM_PREFIX, 10011, {
  signature: {
    method: 'GET',
    path: 'wx/signature',
    params: AppParams({}),
    query: Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048 }) }),
    data: SignatureSchema,
    access: 'public',
  },
})
