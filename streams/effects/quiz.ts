import {
  catchError,
  combineLatest,
  distinctUntilChanged,
  EMPTY,
  exhaustMap,
  filter,
  forkJoin,
  map,
  mergeMap,
  of,
  switchMap,
  takeUntil,
  timer,
  withLatestFrom,
  type Observable,
} from 'rxjs'
import { ofType } from '../core/of-type'
import type { Effect } from '../core/store'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import type { Room } from '../projections/room'
import { selectCan } from '../selectors/permissions'
import { callFailed, once, restCall } from './errors'

type RoomEffect = Effect<State, Event, Deps>

/** How often the host's panel asks for the followed question's answers and statistics. */
export const QUIZ_RESULTS_POLL_MS = 2000

const roomOf = (s: State) => s.room as Room

/** My answer to the question shown ([CMD-41]): the server records it once. */
export const answerQuestionEffect: RoomEffect = (event$, state$, { rest }) =>
  event$.pipe(
    ofType('ui/answerSubmitted'),
    withLatestFrom(state$),
    filter(
      ([e, s]) =>
        s.room !== null &&
        s.quiz.current?.questionId === e.questionId &&
        s.quiz.mine === null &&
        e.answer.length > 0,
    ),
    exhaustMap(([e, s]) =>
      restCall(
        'sendAnswer',
        () => rest.sendAnswer(roomOf(s).roomId, e.questionId, e.answer),
        (record): Event => ({ type: 'rest/answerSent', questionId: e.questionId, record }),
      ),
    ),
  )

/** A question shown is open for its standing time; then its box takes no more answers. */
export const questionTimerEffect: RoomEffect = (event$, _state$, { scheduler }) =>
  event$.pipe(
    ofType('msg/questionAsked'),
    filter((e) => (e.data.answerState ?? 1) === 1),
    switchMap((e) =>
      timer(e.data.standingSecond * 1000, scheduler).pipe(
        map((): Event => ({ type: 'timer/questionTimedOut', questionId: e.data.questionId })),
        takeUntil(event$.pipe(ofType('msg/questionAsked'))),
      ),
    ),
  )

/** The host's quiz calls: each ui fact is one REST call, answered by its rest fact. */
export const quizAdminEffect: RoomEffect = (event$, state$, { rest }) =>
  event$.pipe(
    withLatestFrom(state$),
    filter(([, s]) => s.room !== null && selectCan(s, 'manageRoom')),
    mergeMap(([e, s]): Observable<Event> => {
      const roomId = roomOf(s).roomId
      switch (e.type) {
        case 'ui/quizOpened':
          return restCall(
            'loadQuestions',
            () => rest.loadQuestions(roomId),
            (questions) => ({ type: 'rest/questionsLoaded', questions }),
          )
        case 'ui/questionAdded':
          return restCall(
            'addQuestion',
            () => rest.addQuestion(roomId, e.draft),
            (question) => ({ type: 'rest/questionAdded', question }),
          )
        case 'ui/questionsImported':
          return restCall(
            'importQuestions',
            () => rest.importQuestions(roomId, e.fileName, e.csv),
            (questions) => ({ type: 'rest/questionsImported', questions }),
          )
        case 'ui/questionDeleted':
          return restCall(
            'deleteQuestion',
            () => rest.deleteQuestion(e.questionId),
            () => ({ type: 'rest/questionDeleted', questionId: e.questionId }),
          )
        case 'ui/questionStateChosen':
          return restCall(
            'setQuestionState',
            () => rest.setQuestionState(roomId, e.questionId, e.answerState),
            (question) => ({ type: 'rest/questionStateChanged', question }),
          )
        default:
          return EMPTY
      }
    }),
  )

/**
 * The host sees a question's answers and statistics live: while the panel is open, the followed
 * question's are asked every 2 s, and a fact is recorded only when they changed.
 */
export const quizResultsEffect: RoomEffect = (_event$, state$, { rest, scheduler }) =>
  combineLatest([
    state$.pipe(
      map((s) =>
        s.room !== null && s.quiz.panelOpen && selectCan(s, 'manageRoom') ? s.quiz.selected : null,
      ),
      distinctUntilChanged(),
    ),
    state$.pipe(
      map((s) => s.room?.roomId ?? ''),
      distinctUntilChanged(),
    ),
  ]).pipe(
    switchMap(([questionId, roomId]) => {
      if (!questionId || !roomId) return EMPTY
      let last = ''
      return timer(0, QUIZ_RESULTS_POLL_MS, scheduler).pipe(
        exhaustMap(() =>
          forkJoin([
            once(() => rest.loadQuestionStatistics(questionId)),
            once(() => rest.loadQuestionAnswers(roomId, questionId)),
          ]).pipe(
            map(([statistics, answers]): Event | null => {
              const seen = JSON.stringify([statistics, answers])
              if (seen === last || !statistics || !answers) return null
              last = seen
              return { type: 'rest/questionResultsLoaded', questionId, statistics, answers }
            }),
            // a failed poll is one failure fact; the next poll tries again
            catchError((error: unknown) => of(callFailed('loadQuestionStatistics', error))),
          ),
        ),
        filter((e): e is Event => e !== null),
      )
    }),
  )
