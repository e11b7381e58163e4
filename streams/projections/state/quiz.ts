import type { AnswerRecord, Question, QuestionStatistics } from '../../ports/rest-types'
import type { QuestionData } from '../../wire/channel'

/** A question's answers and statistics, as the host's panel last loaded them. */
export interface QuizResults {
  readonly questionId: string
  readonly statistics: QuestionStatistics
  readonly answers: readonly AnswerRecord[]
}

/** Question quizzes (spec §1, §7): the question asked, my answer, and the host's panel. */
export interface QuizState {
  /** The question the room was last asked (cmd 41), with its state (1 shown, 2 closed, 3 results). */
  readonly current: QuestionData | null
  /** My answer box is shown: for a question shown, or its results, until I close it. */
  readonly boxOpen: boolean
  /** The question's standing time ran out (no more answers). */
  readonly timedOut: boolean
  /** My answer to the current question, as the server recorded it. */
  readonly mine: AnswerRecord | null
  /** The host's panel: open, the room's questions, the one followed and its results. */
  readonly panelOpen: boolean
  readonly questions: readonly Question[] | null
  readonly selected: string | null
  readonly results: QuizResults | null
}
