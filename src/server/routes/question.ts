import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { Cmd } from '@streams/wire/channel'
import { QuestionService, type Question } from '@streams/wire/rest/question'
import { toCsv } from '../http/csv'
import { LABELS, parseQuestionCsv, QUESTION_TEMPLATE } from './question-csv'
import { ApiFailure } from '../http/errors'
import { Download, registerService } from '../http/register'
import { Code, isHost, loadRoom, requireAction, requireMember } from '../rooms/access'
import type { Identity } from '../auth/identity'
import {
  deleteQuestion,
  getQuestion,
  insertAnswer,
  insertQuestion,
  listAnswers,
  listQuestions,
  setQuestionState,
} from '../store/questions'
import type { RouteOptions } from './options'

/**
 * Question quizzes (spec §7): hosts write and show questions (announced as cmd 41), members
 * answer once each while a question is open, hosts see statistics and export the answers.
 */
export const questionRoutes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { deps, register: options },
) => {
  const { db } = deps
  /** Members see the correct labels only once the results are published. */
  const shown = (q: Question, reveal: boolean): Question =>
    reveal || q.answerState === 3 ? q : { ...q, answer: [] }
  const hostOf = async (roomId: string, who: Identity) => {
    const room = await loadRoom(db, roomId)
    const me = await requireMember(db, room, who)
    requireAction(me, 'manageRoom')
    return { room, me }
  }
  const loadQuestion = async (questionId: string) => {
    const question = await getQuestion(db, questionId)
    if (!question) throw new ApiFailure(Code.question, 'no such question', { reason: 'noQuestion' })
    return question
  }
  const checkLabels = (options: readonly string[], answer: readonly string[]) => {
    const bad = answer.find(
      (label) => LABELS.indexOf(label) < 0 || LABELS.indexOf(label) >= options.length,
    )
    if (bad)
      throw new ApiFailure(400, `params: answer ${bad} is not one of the options`, {
        status: 400,
        field: 'answer',
        reason: 'invalid',
      })
  }
  const insert = async (
    roomId: string,
    q: {
      title: string
      options: string[]
      answer: string[]
      multiple?: boolean
      standingSecond?: number
    },
  ) => {
    checkLabels(q.options, q.answer)
    const answer = [...new Set(q.answer)].sort()
    const multiple = q.multiple ?? answer.length > 1
    if (!multiple && answer.length > 1)
      throw new ApiFailure(400, 'params: a single choice has one correct answer', {
        status: 400,
        field: 'answer',
        reason: 'invalid',
      })
    return insertQuestion(db, {
      questionId: randomBytes(8).toString('hex'),
      roomId,
      title: q.title,
      options: q.options,
      answer,
      standingSecond: q.standingSecond ?? 60,
      captchaUuid: randomUUID(),
      multiple,
    })
  }
  const answers = (roomId: string, questionId?: string, userId?: string) =>
    listAnswers(db, roomId, questionId, userId)

  registerService(
    app,
    QuestionService,
    {
      async add({ body, who }) {
        const { room } = await hostOf(body.roomId, who)
        return insert(room.room_id, body)
      },

      async del({ body, who }) {
        const question = await loadQuestion(body.questionId)
        await hostOf(question.roomId, who)
        await deleteQuestion(db, question.questionId)
        return null
      },

      async list({ query, who }) {
        const room = await loadRoom(db, query.roomId)
        const me = await requireMember(db, room, who)
        // Members see the questions shown so far, without answers until results are published.
        return (await listQuestions(db, room.room_id))
          .filter((q) => isHost(me) || q.answerState > 0)
          .map((q) => shown(q, isHost(me)))
      },

      async state({ body, who }) {
        const question = await loadQuestion(body.questionId)
        const { room, me } = await hostOf(question.roomId, who)
        if (
          question.roomId !== room.room_id ||
          room.room_id !== (await loadRoom(db, body.roomId)).room_id
        )
          throw new ApiFailure(Code.question, 'the question is not in this room', {
            reason: 'noQuestion',
          })
        const now = deps.now()
        const showTime = body.answerState === 1 ? (body.showTime ?? now) : question.showTime
        const standing = body.standingSecond ?? question.standingSecond
        const updated = await setQuestionState(db, question.questionId, {
          answerState: body.answerState,
          showTime,
          standingSecond: standing,
        })
        deps.announce.channel(room.channel_name, Cmd.answerTheQuestion, {
          userId: me.userId,
          userName: me.userName,
          questionId: updated.questionId,
          simpleOrder: updated.simpleOrder,
          showTime,
          standingSecond: standing,
          captchaUuid: updated.captchaUuid,
          answerState: body.answerState,
          title: updated.title,
          options: updated.options,
          multiple: updated.multiple,
          // the correct labels only once the results are published
          ...(body.answerState === 3 ? { answer: updated.answer } : {}),
        })
        return updated
      },

      async statistics({ query, who }) {
        const question = await loadQuestion(query.questionId)
        await hostOf(question.roomId, who)
        const list = await answers(question.roomId, question.questionId)
        const byOption: Record<string, number> = {}
        question.options.forEach((_, i) => (byOption[LABELS[i]!] = 0))
        for (const a of list)
          for (const label of a.answer) byOption[label] = (byOption[label] ?? 0) + 1
        return {
          questionId: question.questionId,
          answered: list.length,
          correct: list.filter((a) => a.correct).length,
          byOption,
        }
      },

      async answerList({ query, who }) {
        const { room } = await hostOf(query.roomId, who)
        return answers(room.room_id, query.questionId)
      },

      async answerExport({ query, who }) {
        const { room } = await hostOf(query.roomId, who)
        const list = await answers(room.room_id)
        const rows = [
          ['order', 'questionId', 'userName', 'userId', 'answer', 'correct', 'answeredAt'],
          ...list.map((a) => [
            a.simpleOrder,
            a.questionId,
            a.userName,
            a.userId,
            a.answer.join(''),
            a.correct ? 'yes' : 'no',
            new Date(a.answeredAt).toISOString(),
          ]),
        ]
        return new Download(`answers-${room.room_name}.csv`, toCsv(rows))
      },

      async import({ request, who }) {
        let roomId = ''
        let text = ''
        for await (const part of request.parts()) {
          if (part.type === 'field' && part.fieldname === 'roomId') roomId = String(part.value)
          else if (part.type === 'file') text = (await part.toBuffer()).toString('utf8')
        }
        if (!roomId)
          throw new ApiFailure(400, "params: roomId can't be empty", {
            status: 400,
            field: 'roomId',
            reason: 'empty',
          })
        if (!text.trim())
          throw new ApiFailure(400, "params: file can't be empty", {
            status: 400,
            field: 'file',
            reason: 'empty',
          })
        const { room } = await hostOf(roomId, who)
        const parsed = parseQuestionCsv(text)
        const added: Question[] = []
        for (const q of parsed) added.push(await insert(room.room_id, q))
        return added
      },

      async answer({ body, who }) {
        const question = await loadQuestion(body.questionId)
        const room = await loadRoom(db, body.roomId)
        if (question.roomId !== room.room_id)
          throw new ApiFailure(Code.question, 'the question is not in this room', {
            reason: 'noQuestion',
          })
        const me = await requireMember(db, room, who)
        requireAction(me, 'answerQuestion')
        const closesAt = question.showTime + question.standingSecond * 1000
        if (question.answerState !== 1 || deps.now() > closesAt)
          throw new ApiFailure(Code.question, 'the question is closed', { reason: 'closed' })
        checkLabels(question.options, body.answer)
        const given = [...new Set(body.answer)].sort()
        if (!question.multiple && given.length > 1)
          throw new ApiFailure(400, 'params: a single choice takes one answer', {
            status: 400,
            field: 'answer',
            reason: 'invalid',
          })
        const right = question.answer
        const correct = right.length === 0 || given.join('') === right.join('')
        const first = await insertAnswer(db, {
          questionId: question.questionId,
          roomId: room.room_id,
          userId: me.userId,
          userName: me.userName,
          answer: given,
          correct,
          answeredAt: deps.now(),
        })
        if (!first)
          throw new ApiFailure(Code.question, 'you have already answered', { reason: 'answered' })
        const [mine] = await answers(room.room_id, question.questionId, me.userId)
        return mine!
      },

      async myAnswerList({ query, who }) {
        const room = await loadRoom(db, query.roomId)
        const me = await requireMember(db, room, who)
        return answers(room.room_id, undefined, me.userId)
      },

      async template() {
        return new Download('question-template.csv', QUESTION_TEMPLATE)
      },
    },
    options,
  )
}
