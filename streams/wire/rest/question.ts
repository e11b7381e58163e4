import { Type, type Static } from '@sinclair/typebox'
import { AppParams, defineService, Id, NoData, ROOM_PREFIX, Text } from './route'

/**
 * Question quizzes (spec §7 "Question calls"). A host adds questions to a room, shows one
 * (announced with cmd 41), members answer once each, the host sees statistics and exports the
 * answers as a CSV file. Options are labelled A, B, C… in order; `answer` holds the correct
 * labels (one for a single choice, several for a multiple choice, none for a survey).
 */
export const QuestionSchema = Type.Object({
  questionId: Type.String(),
  roomId: Type.String(),
  /** Order of the question in its room, from 1. */
  simpleOrder: Type.Integer(),
  title: Type.String(),
  options: Type.Array(Type.String()),
  /** A multiple choice (several options may be chosen) or a single one. */
  multiple: Type.Boolean(),
  /** Correct option labels; shown to members only after the question closes. */
  answer: Type.Array(Type.String()),
  /** Seconds the question stays open once shown. */
  standingSecond: Type.Integer(),
  /** Epoch ms when it was shown, 0 if never. */
  showTime: Type.Number(),
  /** 0 draft, 1 showing, 2 closed, 3 results published. */
  answerState: Type.Integer(),
  captchaUuid: Type.String(),
})
export type Question = Static<typeof QuestionSchema>

export const AnswerRecordSchema = Type.Object({
  questionId: Type.String(),
  simpleOrder: Type.Integer(),
  userId: Type.String(),
  userName: Type.String(),
  answer: Type.Array(Type.String()),
  correct: Type.Boolean(),
  answeredAt: Type.Number(),
})

export const StatisticsSchema = Type.Object({
  questionId: Type.String(),
  answered: Type.Integer(),
  correct: Type.Integer(),
  /** How many chose each option label. */
  byOption: Type.Record(Type.String(), Type.Integer()),
})

const Label = Type.String({ pattern: '^[A-Z]$' })
export const QuestionAddBodySchema = Type.Object({
  roomId: Id,
  title: Text(500),
  options: Type.Array(Text(200), { minItems: 2, maxItems: 10 }),
  answer: Type.Array(Label, { maxItems: 10 }),
  /** Several options may be chosen; by default when more than one is correct. */
  multiple: Type.Optional(Type.Boolean()),
  standingSecond: Type.Optional(Type.Integer({ minimum: 5, maximum: 3600 })),
})

const RoomQuery = Type.Object({ roomId: Id })
const QuestionQuery = Type.Object({ questionId: Id })

export const QuestionService = defineService(ROOM_PREFIX, 10011, {
  add: {
    method: 'POST',
    path: 'question/admin/add',
    params: AppParams({}),
    body: QuestionAddBodySchema,
    data: QuestionSchema,
    access: 'session',
  },
  del: {
    method: 'POST',
    path: 'question/admin/del',
    params: AppParams({}),
    body: Type.Object({ questionId: Id }),
    data: NoData,
    access: 'session',
  },
  list: {
    method: 'GET',
    path: 'question/admin/list',
    params: AppParams({}),
    query: RoomQuery,
    data: Type.Array(QuestionSchema),
    access: 'session',
  },
  /**
   * Send answer state (spec §7): show a question (answerState 1), close it (2) or publish its
   * results (3); the server announces answerTheQuestion (cmd 41).
   */
  state: {
    method: 'POST',
    path: 'question/admin/state',
    params: AppParams({}),
    body: Type.Object({
      roomId: Id,
      questionId: Id,
      answerState: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
      answerName: Type.Optional(Type.String({ maxLength: 500 })),
      questionSimpleOrder: Type.Optional(Type.Integer()),
      showTime: Type.Optional(Type.Number()),
      standingSecond: Type.Optional(Type.Integer({ minimum: 5, maximum: 3600 })),
    }),
    data: QuestionSchema,
    access: 'session',
  },
  statistics: {
    method: 'GET',
    path: 'question/admin/statistics',
    params: AppParams({}),
    query: QuestionQuery,
    data: StatisticsSchema,
    access: 'session',
  },
  answerList: {
    method: 'GET',
    path: 'question/admin/answer/list',
    params: AppParams({}),
    query: Type.Object({ roomId: Id, questionId: Type.Optional(Id) }),
    data: Type.Array(AnswerRecordSchema),
    access: 'session',
  },
  /** A CSV file of every answer in the room (a download, not the envelope). */
  answerExport: {
    method: 'GET',
    path: 'question/admin/answer/export',
    params: AppParams({}),
    query: RoomQuery,
    data: NoData,
    access: 'session',
    download: { contentType: 'text/csv; charset=utf-8' },
  },
  /**
   * Questions from a CSV file in the template's format (multipart field `file`, plus `roomId`):
   * title, options separated by |, the correct labels, seconds, and single or multiple.
   */
  import: {
    method: 'POST',
    path: 'question/admin/import',
    params: AppParams({}),
    data: Type.Array(QuestionSchema),
    access: 'session',
    encoding: 'multipart',
  },
  answer: {
    method: 'POST',
    path: 'question/portal/answer',
    params: AppParams({}),
    body: Type.Object({
      roomId: Id,
      questionId: Id,
      answer: Type.Array(Label, { minItems: 1, maxItems: 10 }),
    }),
    data: AnswerRecordSchema,
    access: 'session',
  },
  myAnswerList: {
    method: 'GET',
    path: 'question/portal/myAnswerList',
    params: AppParams({}),
    query: RoomQuery,
    data: Type.Array(AnswerRecordSchema),
    access: 'session',
  },
  /** The CSV template for import (a download). */
  template: {
    method: 'GET',
    path: 'question/template',
    params: AppParams({}),
    data: NoData,
    access: 'session',
    download: { contentType: 'text/csv; charset=utf-8' },
  },
})
