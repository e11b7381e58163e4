import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import { BOARD_DEFAULT_SCALE, BOARD_INIT_SCENE, BOARD_SCENE_ALIASES } from '../wire/constants'
import type { BoardState } from './state/board'
export type { BoardState } from './state/board'

export const initialBoard: BoardState = {
  joined: false,
  boardId: '',
  writable: false,
  scenePath: BOARD_INIT_SCENE,
  page: 0,
  total: 1,
  scale: BOARD_DEFAULT_SCALE,
  viewMode: 'follower',
  locked: false,
  error: null,
}

/** A copy with some fields replaced (undefined is no change); an object literal, fast to fold. */
export function withBoard(s: BoardState, p: Partial<BoardState>): BoardState {
  return {
    joined: p.joined === undefined ? s.joined : p.joined,
    boardId: p.boardId === undefined ? s.boardId : p.boardId,
    writable: p.writable === undefined ? s.writable : p.writable,
    scenePath: p.scenePath === undefined ? s.scenePath : p.scenePath,
    page: p.page === undefined ? s.page : p.page,
    total: p.total === undefined ? s.total : p.total,
    scale: p.scale === undefined ? s.scale : p.scale,
    viewMode: p.viewMode === undefined ? s.viewMode : p.viewMode,
    locked: p.locked === undefined ? s.locked : p.locked,
    error: p.error === undefined ? s.error : p.error,
  }
}

/** [WB-4] '/' and '/init' are the same scene. */
export function normalizeScenePath(path: string): string {
  return BOARD_SCENE_ALIASES.includes(path) ? BOARD_INIT_SCENE : path
}

export const boardProjection = defineProjection<BoardState, Event>(initialBoard, {
  // [WB-1] join, leave and end-share
  'board/joined': (b, e) =>
    withBoard(b, {
      joined: true,
      boardId: e.boardId,
      writable: e.writable,
      error: null,
    }),
  'board/joinFailed': (b, e) => withBoard(b, { joined: false, error: e.message }),
  'board/left': (b) => ({ ...initialBoard, scale: b.scale }),
  'msg/boardShareChanged': (b, e) =>
    e.data.kind === 'share' && e.data.shareBoard === 0 && b.joined
      ? { ...initialBoard, scale: b.scale }
      : b,
  'board/sceneChanged': (b, e) =>
    withBoard(b, {
      scenePath: normalizeScenePath(e.path),
      page: e.index,
      total: e.total,
    }),
  'board/viewModeChanged': (b, e) => withBoard(b, { viewMode: e.mode }),
  'board/writableChanged': (b, e) => withBoard(b, { writable: e.writable }),
  'board/scaleChanged': (b, e) => withBoard(b, { scale: e.scale }),
  'board/lockChanged': (b, e) => withBoard(b, { locked: e.locked }),
  'life/exited': () => initialBoard,
})
