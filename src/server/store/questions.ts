import type { Static } from '@sinclair/typebox'
import type { AnswerRecordSchema, Question } from '@streams/wire/rest/question'
import type { Db } from './db'

type Queryable = Pick<Db, 'query'>
export type AnswerRecord = Static<typeof AnswerRecordSchema>

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

/** A question as kept: `answer` always holds its correct labels. */
const toQuestion = (r: QuestionRow): Question => ({
  questionId: r.question_id,
  roomId: r.room_id,
  simpleOrder: r.simple_order,
  title: r.title,
  options: JSON.parse(r.options) as string[],
  multiple: r.multiple === 1,
  answer: JSON.parse(r.answer) as string[],
  standingSecond: r.standing_second,
  showTime: Number(r.show_time),
  answerState: r.answer_state,
  captchaUuid: r.captcha_uuid,
})
const toAnswer = (r: AnswerRow): AnswerRecord => ({
  questionId: r.question_id,
  simpleOrder: r.simple_order,
  userId: r.user_id,
  userName: r.user_name,
  answer: JSON.parse(r.answer) as string[],
  correct: r.correct,
  answeredAt: Number(r.answered_at),
})

/** A question not deleted, or undefined. */
export async function getQuestion(
  db: Queryable,
  questionId: string,
): Promise<Question | undefined> {
  const { rows } = await db.query<QuestionRow>(
    'SELECT * FROM questions WHERE question_id = $1 AND deleted = 0',
    [questionId],
  )
  return rows[0] && toQuestion(rows[0])
}

/** A room's questions not deleted, in their order. */
export async function listQuestions(db: Queryable, roomId: string): Promise<Question[]> {
  const { rows } = await db.query<QuestionRow>(
    'SELECT * FROM questions WHERE room_id = $1 AND deleted = 0 ORDER BY simple_order',
    [roomId],
  )
  return rows.map(toQuestion)
}

/** A new draft question, numbered after the room's last one. */
export async function insertQuestion(
  db: Queryable,
  q: Pick<
    Question,
    'questionId' | 'roomId' | 'title' | 'options' | 'answer' | 'standingSecond' | 'captchaUuid'
  > & { multiple: boolean },
): Promise<Question> {
  const { rows } = await db.query<QuestionRow>(
    `INSERT INTO questions (question_id, room_id, simple_order, title, options, answer, standing_second, captcha_uuid, multiple)
     VALUES ($1, $2, (SELECT coalesce(max(simple_order), 0) + 1 FROM questions WHERE room_id = $2), $3, $4, $5, $6, $7, $8) RETURNING *`,
    [
      q.questionId,
      q.roomId,
      q.title,
      JSON.stringify(q.options),
      JSON.stringify(q.answer),
      q.standingSecond,
      q.captchaUuid,
      q.multiple ? 1 : 0,
    ],
  )
  return toQuestion(rows[0]!)
}

export async function deleteQuestion(db: Queryable, questionId: string): Promise<void> {
  await db.query('UPDATE questions SET deleted = 1 WHERE question_id = $1', [questionId])
}

/** Shows, closes or publishes a question; answers it as it now is. */
export async function setQuestionState(
  db: Queryable,
  questionId: string,
  change: { answerState: number; showTime: number; standingSecond: number },
): Promise<Question> {
  const { rows } = await db.query<QuestionRow>(
    'UPDATE questions SET answer_state = $2, show_time = $3, standing_second = $4 WHERE question_id = $1 RETURNING *',
    [questionId, change.answerState, change.showTime, change.standingSecond],
  )
  return toQuestion(rows[0]!)
}

/** A room's answers (to one question, of one user), by question order then time. */
export async function listAnswers(
  db: Queryable,
  roomId: string,
  questionId?: string,
  userId?: string,
): Promise<AnswerRecord[]> {
  const { rows } = await db.query<AnswerRow>(
    `SELECT a.*, q.simple_order FROM question_answers a JOIN questions q ON q.question_id = a.question_id
     WHERE a.room_id = $1 AND q.deleted = 0 AND ($2::text IS NULL OR a.question_id = $2) AND ($3::text IS NULL OR a.user_id = $3)
     ORDER BY q.simple_order, a.answered_at`,
    [roomId, questionId ?? null, userId ?? null],
  )
  return rows.map(toAnswer)
}

/** Keeps a member's answer; answers false when the member had answered already. */
export async function insertAnswer(
  db: Queryable,
  a: Omit<AnswerRecord, 'simpleOrder'> & { roomId: string },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO question_answers (question_id, room_id, user_id, user_name, answer, correct, answered_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING question_id`,
    [
      a.questionId,
      a.roomId,
      a.userId,
      a.userName,
      JSON.stringify(a.answer),
      a.correct,
      a.answeredAt,
    ],
  )
  return rows.length > 0
}
