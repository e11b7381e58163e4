import { of, throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import {
  answerQuestionEffect,
  questionTimerEffect,
  quizAdminEffect,
  quizResultsEffect,
} from '@streams/effects/quiz'
import type { Event } from '@streams/events'
import { Cmd } from '@streams/wire/channel'
import { asHost, byHost, inRoom, msg } from '../fixtures'
import { runEffects } from './harness'

const asked = (answerState: 1 | 2 | 3, extra: object = {}): Event =>
  msg(Cmd.answerTheQuestion, {
    ...byHost,
    questionId: 'q1',
    simpleOrder: 1,
    showTime: 0,
    standingSecond: 30,
    answerState,
    title: 'Prime numbers?',
    options: ['2', '4', '5'],
    multiple: true,
    ...extra,
  })

const record = (answer: string[], correct: boolean) => ({
  questionId: 'q1',
  simpleOrder: 1,
  userId: 'user-300',
  userName: 'Name 300',
  answer,
  correct,
  answeredAt: 5,
})

const question = (answerState: number) => ({
  questionId: 'q1',
  roomId: 'r1',
  simpleOrder: 1,
  title: 'Prime numbers?',
  options: ['2', '4', '5'],
  multiple: true,
  answer: ['A', 'C'],
  standingSecond: 30,
  showTime: 0,
  answerState,
  captchaUuid: 'c',
})

describe('quizzes', () => {
  it('[CMD-41] a question shown opens my box with its text; I answer once with several labels; it times out after its standing time; the results show the correct labels', () => {
    const h = runEffects(
      inRoom(),
      [answerQuestionEffect, questionTimerEffect],
      (_h, at) => {
        at(10, asked(1))
        at(20, { type: 'ui/answerSubmitted', questionId: 'q1', answer: ['A', 'C'] })
        at(30, { type: 'ui/answerSubmitted', questionId: 'q1', answer: ['B'] })
        at(40_000, asked(3, { answer: ['A', 'C'] }))
      },
      {
        rest: {
          sendAnswer: (_r: unknown, _q: unknown, a: unknown) => of(record(a as string[], true)),
        },
      },
    )
    expect(h.calls('rest')).toEqual([['rest.sendAnswer', 'r1', 'q1', ['A', 'C']]])
    expect(h.timed()).toEqual([
      '10 msg/questionAsked',
      '20 ui/answerSubmitted',
      '20 rest/answerSent',
      '30 ui/answerSubmitted',
      '30010 timer/questionTimedOut',
      '40000 msg/questionAsked',
    ])
    const quiz = h.store.getState().quiz
    expect(quiz).toMatchObject({ boxOpen: true, timedOut: true })
    expect(quiz.current?.answer).toEqual(['A', 'C'])
    expect(quiz.mine?.answer).toEqual(['A', 'C'])
  })

  it('[CMD-41] [MSG-5] a CDN audience answers too; closing the box keeps my answer', () => {
    const h = runEffects(
      inRoom({ me: { role: 3 } }),
      [answerQuestionEffect],
      (_h, at) => {
        at(10, asked(1, { multiple: false }))
        at(20, { type: 'ui/answerSubmitted', questionId: 'q1', answer: ['B'] })
        at(30, { type: 'ui/questionBoxClosed', questionId: 'q1' })
      },
      { rest: { sendAnswer: () => of(record(['B'], false)) } },
    )
    expect(h.calls('rest')).toHaveLength(1)
    expect(h.store.getState().quiz).toMatchObject({ boxOpen: false, mine: { answer: ['B'] } })
  })

  it('[ROLE-2] [API-8] a host publishes a question; its answers and statistics follow live, recorded only when they change', () => {
    let answered = 0
    const h = runEffects(
      asHost(),
      [quizAdminEffect, quizResultsEffect],
      (_h, at) => {
        at(10, { type: 'ui/quizOpened' })
        at(20, { type: 'ui/questionStateChosen', questionId: 'q1', answerState: 1 })
        at(4500, { type: 'ui/quizClosed' })
      },
      {
        until: 20_000,
        rest: {
          loadQuestions: () => of([question(0)]),
          setQuestionState: () => of(question(1)),
          loadQuestionStatistics: () => {
            answered = Math.min(answered + 1, 2)
            return of({ questionId: 'q1', answered, correct: 1, byOption: { A: answered } })
          },
          loadQuestionAnswers: () => of([]),
        },
      },
    )
    const results = h.timed().filter((t) => t.includes('questionResultsLoaded'))
    // polled at 20, 2020 and 4020 ms; the third answer equals the second, so no fact
    expect(results).toEqual(['20 rest/questionResultsLoaded', '2020 rest/questionResultsLoaded'])
    expect(h.calls('rest.loadQuestionStatistics')).toHaveLength(3)
    expect(h.store.getState().quiz.results?.statistics.answered).toBe(2)
    expect(h.store.getState().quiz.questions?.[0]?.answerState).toBe(1)
  })

  it('[ROLE-2] [API-8] the statistics are asked for, not pushed: every 2 s while the panel is open; a failed poll is one failure fact and the next poll tries again', () => {
    let polls = 0
    const h = runEffects(
      asHost(),
      [quizAdminEffect, quizResultsEffect],
      (_h, at) => {
        at(10, { type: 'ui/quizOpened' })
        at(20, { type: 'ui/questionStateChosen', questionId: 'q1', answerState: 1 })
        at(5000, { type: 'ui/quizClosed' })
        at(9000, { type: 'ui/quizOpened' })
        at(12_000, { type: 'ui/quizClosed' })
      },
      {
        until: 30_000,
        rest: {
          loadQuestions: () => of([question(1)]),
          setQuestionState: () => of(question(1)),
          loadQuestionStatistics: () =>
            ++polls === 2
              ? throwError(() => new Error('statistics unavailable'))
              : of({ questionId: 'q1', answered: polls, correct: 0, byOption: {} }),
          loadQuestionAnswers: () => of([]),
        },
      },
    )
    const seen = h.timed().filter((t) => /questionResultsLoaded|callFailed/.test(t))
    expect(seen).toEqual([
      '20 rest/questionResultsLoaded',
      '2020 rest/callFailed',
      '4020 rest/questionResultsLoaded',
      // reopened: the followed question is asked for at once, then every 2 s until closed
      '9000 rest/questionResultsLoaded',
      '11000 rest/questionResultsLoaded',
    ])
    expect(h.calls('rest.loadQuestionStatistics')).toHaveLength(5)
  })

  it('[ROLE-2] a conferee cannot manage questions', () => {
    const h = runEffects(inRoom(), [quizAdminEffect, quizResultsEffect], (_h, at) => {
      at(10, { type: 'ui/quizOpened' })
      at(20, { type: 'ui/questionStateChosen', questionId: 'q1', answerState: 1 })
    })
    expect(h.calls('rest')).toEqual([])
  })
})
