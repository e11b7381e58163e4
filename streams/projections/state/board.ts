import type { BoardViewMode } from '../../wire/board'

/** The board session (spec §3): scenes, page, scale, follow or broadcast mode ([WB-1] to [WB-5]). */
export interface BoardState {
  readonly joined: boolean
  readonly boardId: string
  readonly writable: boolean
  readonly scenePath: string
  readonly page: number
  readonly total: number
  readonly scale: number
  readonly viewMode: BoardViewMode
  readonly locked: boolean
  readonly error: string | null
}
