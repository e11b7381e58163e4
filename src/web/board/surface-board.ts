import type { LocalBoard } from '../../adapters/local-board/local-board'

/**
 * What the local drawing surface needs of a board: the live local board, or a replay's
 * read-only one (replay-board.ts).
 */
export type SurfaceBoard = Pick<
  LocalBoard,
  | 'view$'
  | 'view'
  | 'change$'
  | 'elements'
  | 'collaborators'
  | 'writeElements'
  | 'pageImage'
  | 'storeImage'
  | 'setTool'
  | 'setCamera'
  | 'endStroke'
  | 'undo'
  | 'redo'
  | 'setPointer'
>
