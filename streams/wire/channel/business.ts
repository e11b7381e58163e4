import { Type, type Static } from '@sinclair/typebox'
import { BUSINESS_TYPES } from '../constants'
import { actor } from './actor'

/** cmd 9 like ([CMD-9], [LIKE-1]): the server's like total after the actor's like. */
export const LikeDataSchema = Type.Object({ ...actor, likeTotal: Type.Integer({ minimum: 0 }) })
export type LikeData = Static<typeof LikeDataSchema>

/**
 * cmd 18 business ([CMD-18], [MSG-10]): lucky, signIn, liquorOfInviting, liquorOfRespect or
 * cheers, each shown as its toast or dialog; `targetName` is whom a toast is raised to.
 */
export const BusinessDataSchema = Type.Object({
  ...actor,
  type: Type.Union(BUSINESS_TYPES.map((t) => Type.Literal(t))),
  message: Type.Optional(Type.String({ maxLength: 500 })),
  targetName: Type.Optional(Type.String()),
  amount: Type.Optional(Type.Number({ minimum: 0 })),
})
export type BusinessData = Static<typeof BusinessDataSchema>

/** cmd 19 red packet ([CMD-19], [MSG-8]): a lucky-money drawing is open. */
export const RedPacketDataSchema = Type.Object({
  ...actor,
  luckyMoneyId: Type.String({ minLength: 1 }),
  total: Type.Optional(Type.Number({ minimum: 0 })),
  count: Type.Optional(Type.Integer({ minimum: 0 })),
  greeting: Type.Optional(Type.String({ maxLength: 100 })),
})
export type RedPacketData = Static<typeof RedPacketDataSchema>

/** cmd 23 goods ([CMD-23]): show a goods detail; it needs goodsId ([MSG-4]). */
export const GoodsDataSchema = Type.Object({
  ...actor,
  goodsId: Type.String({ minLength: 1 }),
  goodsImg: Type.Optional(Type.String()),
  isAppStore: Type.Optional(Type.Boolean()),
  objectId: Type.Optional(Type.String()),
  objectType: Type.Optional(Type.String()),
  /** The card's title, price (in cents) and where the goods is bought. */
  title: Type.Optional(Type.String({ maxLength: 100 })),
  price: Type.Optional(Type.Integer({ minimum: 0 })),
  url: Type.Optional(Type.String({ maxLength: 1024 })),
  /** false hides the detail again. */
  show: Type.Optional(Type.Boolean()),
})
export type GoodsData = Static<typeof GoodsDataSchema>

/** cmd 24 hot ([CMD-24], [LIKE-1]): the users amount and the hot number (each when known). */
export const UsersAmountDataSchema = Type.Object({
  ...actor,
  usersAmount: Type.Optional(Type.Integer({ minimum: 0 })),
  hotNum: Type.Optional(Type.Integer({ minimum: 0 })),
})
export type UsersAmountData = Static<typeof UsersAmountDataSchema>

/**
 * cmd 41 answer question ([CMD-41]): a quiz question everybody is asked to answer, with its
 * text and options, then closed, then its results.
 */
export const QuestionDataSchema = Type.Object({
  ...actor,
  questionId: Type.String({ minLength: 1 }),
  simpleOrder: Type.Integer({ minimum: 0 }),
  showTime: Type.Number({ minimum: 0 }),
  standingSecond: Type.Integer({ minimum: 0 }),
  captchaUuid: Type.Optional(Type.String()),
  /** 1 shown (answer now), 2 closed, 3 results published; 1 when absent. */
  answerState: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  title: Type.Optional(Type.String({ maxLength: 500 })),
  options: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 10 })),
  multiple: Type.Optional(Type.Boolean()),
  /** The correct labels, once the results are published (answerState 3). */
  answer: Type.Optional(Type.Array(Type.String({ maxLength: 1 }), { maxItems: 10 })),
})
export type QuestionData = Static<typeof QuestionDataSchema>
