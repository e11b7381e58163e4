import { BehaviorSubject, EMPTY, of } from 'rxjs'
import type { Store } from '@streams/core/store'
import type { Event } from '@streams/events'
import type { BoardAtStep } from '@streams/replay/board'
import type { State } from '@streams/projections'
import type { Recorder } from '@streams/recorder/recorder'
import { FORMAT_VERSION, LOG_KIND, type LogHeader } from '@streams/recorder/format'
import { LazyBoard } from '../../board/lazy-board'
import type { MediaView } from '../../media/media-view'
import type { Session } from '../../session/session'

/** A session the meeting screen renders from a replay: the state at the cursor, nothing live. */
export interface ReplaySession extends Session {
  readonly replay: true
  /** Shows a state: one emission of `store.state$` (the screens re-render what changed). */
  show(state: State): void
  /** Shows the board as the log recorded it up to the cursor (null: none recorded). */
  showBoard(board: BoardAtStep | null): void
}

/** No video in a replay: every tile shows its avatar. */
const noVideo: MediaView = {
  attachVideo: () => () => {},
  videoUids$: of(new Set<string>()),
}

/**
 * The session of a replay ([ROUTE-15]): the store holds the state at the cursor and folds
 * nothing, `dispatch` does nothing (clicks in a replay change nothing), no effect runs, the
 * recorder records nothing, the media view has no video and the live board never loads (nothing
 * joins it: its loader refuses); the board shown is the one the log recorded (`showBoard`).
 */
export function createReplaySession(initial: State, startedAt: number): ReplaySession {
  const state$ = new BehaviorSubject<State>(initial)
  const store: Store<State, Event> = {
    dispatch: () => {},
    getState: () => state$.getValue(),
    state$: state$.asObservable(),
    envelope$: EMPTY,
    event$: EMPTY,
    stop: () => state$.complete(),
  }
  const header: LogHeader<State> = {
    kind: LOG_KIND,
    format: FORMAT_VERSION,
    app: 'replay',
    startedAt,
  }
  const recorder: Recorder<State, Event> = {
    envelopes: () => [],
    header: () => header,
    toNdjson: () => JSON.stringify(header) + '\n',
    stop: () => {},
  }
  const recordedBoard$ = new BehaviorSubject<BoardAtStep | null>(null)
  const board = new LazyBoard(() => Promise.reject(new Error('a replay has no whiteboard')))
  return {
    replay: true,
    store,
    recorder,
    dispatch: () => {},
    board,
    view: noVideo,
    recordedBoard$: recordedBoard$.asObservable(),
    show(state) {
      if (state !== state$.getValue()) state$.next(state)
    },
    showBoard(at) {
      const before = recordedBoard$.getValue()
      if (at === before) return
      if (
        at &&
        before &&
        at.updates.length === before.updates.length &&
        at.omittedBytes === before.omittedBytes &&
        at.updates.at(-1) === before.updates.at(-1)
      )
        return
      recordedBoard$.next(at)
    },
  }
}
