import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import type { Question } from '../ports/rest-types'
import type { QuizState } from './state/quiz'
export type { QuizResults, QuizState } from './state/quiz'

export const initialQuiz: QuizState = {
  current: null,
  boxOpen: false,
  timedOut: false,
  mine: null,
  panelOpen: false,
  questions: null,
  selected: null,
  results: null,
}

const upsert = (list: readonly Question[] | null, q: Question): readonly Question[] => {
  const rest = (list ?? []).filter((x) => x.questionId !== q.questionId)
  return [...rest, q].sort((a, b) => a.simpleOrder - b.simpleOrder)
}

export const quizProjection = defineProjection<QuizState, Event>(initialQuiz, {
  // [CMD-41] shown: the box opens with the question; closed: no more answers; results: shown
  'msg/questionAsked': (q, { data }) => {
    const state = data.answerState ?? 1
    const same = q.current?.questionId === data.questionId
    if (state === 1)
      return { ...q, current: data, boxOpen: true, timedOut: false, mine: same ? q.mine : null }
    if (!same) return { ...q, current: data, boxOpen: state === 3, timedOut: true, mine: null }
    return { ...q, current: data, boxOpen: state === 3 || q.boxOpen, timedOut: true }
  },
  'timer/questionTimedOut': (q, e) =>
    q.current?.questionId === e.questionId ? { ...q, timedOut: true } : q,
  'rest/answerSent': (q, e) =>
    q.current?.questionId === e.questionId ? { ...q, mine: e.record } : q,
  'ui/questionBoxClosed': (q, e) =>
    q.current?.questionId === e.questionId ? { ...q, boxOpen: false } : q,
  // the host's panel
  'ui/quizOpened': (q) => ({ ...q, panelOpen: true }),
  'ui/quizClosed': (q) => ({ ...q, panelOpen: false }),
  'rest/questionsLoaded': (q, e) => ({ ...q, questions: e.questions }),
  'rest/questionAdded': (q, e) => ({ ...q, questions: upsert(q.questions, e.question) }),
  'rest/questionsImported': (q, e) => ({
    ...q,
    questions: e.questions.reduce<readonly Question[]>(upsert, q.questions ?? []),
  }),
  'rest/questionDeleted': (q, e) => ({
    ...q,
    questions: (q.questions ?? []).filter((x) => x.questionId !== e.questionId),
    selected: q.selected === e.questionId ? null : q.selected,
    results: q.results?.questionId === e.questionId ? null : q.results,
  }),
  'rest/questionStateChanged': (q, e) => ({
    ...q,
    questions: upsert(q.questions, e.question),
    selected: e.question.questionId,
  }),
  'ui/questionSelected': (q, e) => ({
    ...q,
    selected: e.questionId,
    results: q.results?.questionId === e.questionId ? q.results : null,
  }),
  'rest/questionResultsLoaded': (q, e) =>
    q.selected === e.questionId
      ? {
          ...q,
          results: { questionId: e.questionId, statistics: e.statistics, answers: e.answers },
        }
      : q,
  'life/exited': () => initialQuiz,
})
