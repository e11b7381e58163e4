import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Cmd } from '@streams/wire/channel'
import { QuestionService, type Question } from '@streams/wire/rest/question'
import type { Deps } from '../deps'
import { toCsv } from '../http/csv'
import { LABELS, parseQuestionCsv, QUESTION_TEMPLATE } from './question-csv'
import { ApiFailure } from '../http/errors'
import { Download, registerService, type RegisterOptions } from '../http/register'
import { Code, isHost, loadRoom, requireAction, requireMember } from '../rooms/access'
import type { Identity } from '../auth/identity'

interface QuestionRow {
  question_id: string
  room_id: string
  simple_order: number
  title: string
  options: string
  answer: string
  standing_second: number
  show_time: string
  answer_state: number
  captcha_uuid: string
  multiple: number
}
interface AnswerRow {
  question_id: string
  simple_order: number
  user_id: string
  user_name: string
  answer: string
  correct: boolean
  answered_at: string
}

/**
 * Question quizzes (spec §7): hosts write and show questions (announced as cmd 41), members
 * answer once each while a question is open, hosts see statistics and export the answers.
 */
export function questionRoutes(app: FastifyInstance, deps: Deps, options: RegisterOptions): void {
  const { db } = deps
  const toQuestion = (r: QuestionRow, reveal: boolean): Question => ({
    questionId: r.question_id,
    roomId: r.room_id,
    simpleOrder: r.simple_order,
    title: r.title,
    options: JSON.parse(r.options) as string[],
    multiple: r.multiple === 1,
    answer: reveal || r.answer_state === 3 ? (JSON.parse(r.answer) as string[]) : [],
    standingSecond: r.standing_second,
    showTime: Number(r.show_time),
    answerState: r.answer_state,
    captchaUuid: r.captcha_uuid,
  })
  const toAnswer = (r: AnswerRow) => ({
    questionId: r.question_id,
    simpleOrder: r.simple_order,
    userId: r.user_id,
    userName: r.user_name,
    answer: JSON.parse(r.answer) as string[],
    correct: r.correct,
    answeredAt: Number(r.answered_at),
  })
  const hostOf = async (roomId: string, who: Identity) => {
    const room = await loadRoom(db, roomId)
    const me = await requireMember(db, room, who)
    requireAction(me, 'manageRoom')
    return { room, me }
  }
  const loadQuestion = async (questionId: string) => {
    const { rows } = await db.query<QuestionRow>(
      'SELECT * FROM questions WHERE question_id = $1 AND deleted = 0',
      [questionId],
    )
    if (!rows[0]) throw new ApiFailure(Code.question, 'no such question', { reason: 'noQuestion' })
    return rows[0]
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
    const { rows } = await db.query<QuestionRow>(
      `INSERT INTO questions (question_id, room_id, simple_order, title, options, answer, standing_second, captcha_uuid, multiple)
       VALUES ($1, $2, (SELECT coalesce(max(simple_order), 0) + 1 FROM questions WHERE room_id = $2), $3, $4, $5, $6, $7, $8) RETURNING *`,
      [
        randomBytes(8).toString('hex'),
        roomId,
        q.title,
        JSON.stringify(q.options),
        JSON.stringify(answer),
        q.standingSecond ?? 60,
        randomUUID(),
        multiple ? 1 : 0,
      ],
    )
    return toQuestion(rows[0]!, true)
  }
  const answers = async (roomId: string, questionId?: string, userId?: string) => {
    const { rows } = await db.query<AnswerRow>(
      `SELECT a.*, q.simple_order FROM question_answers a JOIN questions q ON q.question_id = a.question_id
       WHERE a.room_id = $1 AND q.deleted = 0 AND ($2::text IS NULL OR a.question_id = $2) AND ($3::text IS NULL OR a.user_id = $3)
       ORDER BY q.simple_order, a.answered_at`,
      [roomId, questionId ?? null, userId ?? null],
    )
    return rows.map(toAnswer)
  }

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
        await hostOf(question.room_id, who)
        await db.query('UPDATE questions SET deleted = 1 WHERE question_id = $1', [
          question.question_id,
        ])
        return null
      },

      async list({ query, who }) {
        const room = await loadRoom(db, query.roomId)
        const me = await requireMember(db, room, who)
        const { rows } = await db.query<QuestionRow>(
          'SELECT * FROM questions WHERE room_id = $1 AND deleted = 0 ORDER BY simple_order',
          [room.room_id],
        )
        // Members see the questions shown so far, without answers until results are published.
        return rows
          .filter((r) => isHost(me) || r.answer_state > 0)
          .map((r) => toQuestion(r, isHost(me)))
      },

      async state({ body, who }) {
        const question = await loadQuestion(body.questionId)
        const { room, me } = await hostOf(question.room_id, who)
        if (
          question.room_id !== room.room_id ||
          room.room_id !== (await loadRoom(db, body.roomId)).room_id
        )
          throw new ApiFailure(Code.question, 'the question is not in this room', {
            reason: 'noQuestion',
          })
        const now = deps.now()
        const showTime =
          body.answerState === 1 ? (body.showTime ?? now) : Number(question.show_time)
        const standing = body.standingSecond ?? question.standing_second
        const { rows } = await db.query<QuestionRow>(
          'UPDATE questions SET answer_state = $2, show_time = $3, standing_second = $4 WHERE question_id = $1 RETURNING *',
          [question.question_id, body.answerState, showTime, standing],
        )
        const updated = rows[0]!
        deps.announce.channel(room.channel_name, Cmd.answerTheQuestion, {
          userId: me.userId,
          userName: me.userName,
          questionId: updated.question_id,
          simpleOrder: updated.simple_order,
          showTime,
          standingSecond: standing,
          captchaUuid: updated.captcha_uuid,
          answerState: body.answerState,
          title: updated.title,
          options: JSON.parse(updated.options) as string[],
          multiple: updated.multiple === 1,
          // the correct labels only once the results are published
          ...(body.answerState === 3 ? { answer: JSON.parse(updated.answer) as string[] } : {}),
        })
        return toQuestion(updated, true)
      },

      async statistics({ query, who }) {
        const question = await loadQuestion(query.questionId)
        await hostOf(question.room_id, who)
        const list = await answers(question.room_id, question.question_id)
        const byOption: Record<string, number> = {}
        const options = JSON.parse(question.options) as string[]
        options.forEach((_, i) => (byOption[LABELS[i]!] = 0))
        for (const a of list)
          for (const label of a.answer) byOption[label] = (byOption[label] ?? 0) + 1
        return {
          questionId: question.question_id,
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
        if (question.room_id !== room.room_id)
          throw new ApiFailure(Code.question, 'the question is not in this room', {
            reason: 'noQuestion',
          })
        const me = await requireMember(db, room, who)
        requireAction(me, 'answerQuestion')
        const closesAt = Number(question.show_time) + question.standing_second * 1000
        if (question.answer_state !== 1 || deps.now() > closesAt)
          throw new ApiFailure(Code.question, 'the question is closed', { reason: 'closed' })
        const options = JSON.parse(question.options) as string[]
        checkLabels(options, body.answer)
        const given = [...new Set(body.answer)].sort()
        if (question.multiple !== 1 && given.length > 1)
          throw new ApiFailure(400, 'params: a single choice takes one answer', {
            status: 400,
            field: 'answer',
            reason: 'invalid',
          })
        const right = JSON.parse(question.answer) as string[]
        const correct = right.length === 0 || given.join('') === right.join('')
        const { rows } = await db.query(
          `INSERT INTO question_answers (question_id, room_id, user_id, user_name, answer, correct, answered_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING question_id`,
          [
            question.question_id,
            room.room_id,
            me.userId,
            me.userName,
            JSON.stringify(given),
            correct,
            deps.now(),
          ],
        )
        if (rows.length === 0)
          throw new ApiFailure(Code.question, 'you have already answered', { reason: 'answered' })
        const [mine] = await answers(room.room_id, question.question_id, me.userId)
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
