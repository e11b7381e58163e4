import type { BoardViewMode } from '../wire/board'

/** Whiteboard facts from the board adapter ([WB-1] to [WB-5]). */
export type BoardEvent =
  | { readonly type: 'board/joined'; readonly boardId: string; readonly writable: boolean }
  | { readonly type: 'board/joinFailed'; readonly message: string }
  | { readonly type: 'board/left' }
  | {
      readonly type: 'board/sceneChanged'
      /** Scene path as the board reports it ('/' and '/init' are the same page, [WB-4]). */
      readonly path: string
      readonly index: number
      readonly total: number
    }
  | { readonly type: 'board/viewModeChanged'; readonly mode: BoardViewMode }
  | { readonly type: 'board/writableChanged'; readonly writable: boolean }
  | { readonly type: 'board/scaleChanged'; readonly scale: number }
  /** The teacher is moving the board: input is locked ([WB-5]). */
  | { readonly type: 'board/lockChanged'; readonly locked: boolean }
  /**
   * A change of the local board's shared document, mine or another writer's, as its Yjs update
   * (base64), recorded so that a replay shows the drawing at every step. An update larger than
   * BOARD_UPDATE_MAX_BASE64 is not kept: `update` is '' and `omitted` says its size in bytes.
   */
  | { readonly type: 'board/updated'; readonly update: string; readonly omitted?: number }
  /**
   * A change of mine was too big to share (over `limitBytes` once encoded): it was not kept, and
   * the board went back to the server's state.
   */
  | { readonly type: 'board/changeRefused'; readonly reason: 'tooBig'; readonly limitBytes: number }
  /** After a reconnection the board connection was renewed and its rights checked again. */
  | { readonly type: 'board/resynced' }

/** The largest board update a session log keeps, in base64 characters (about 384 KB of update). */
export const BOARD_UPDATE_MAX_BASE64 = 512 * 1024
