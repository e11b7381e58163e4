import type { Awareness } from 'y-protocols/awareness'
import type * as Y from 'yjs'
import { normalizeScenePath } from '@streams/wire/board'
import { renderBoardPage, type DrawnElement } from './board-render'
import type { YuvFrame } from './yuv'

/** A room's live board document (the board service's), and how to let it go. */
export interface LiveBoard {
  readonly doc: Y.Doc
  readonly awareness: Awareness
  /** The picture no longer shows it (the service may unload it once nobody is connected). */
  release(): void
}

/** Opens the board of a room by its board id. */
export type BoardSource = (boardId: string) => Promise<LiveBoard>

/** How often a changed board is drawn again at most (a stroke being drawn changes it constantly). */
const REDRAW_MS = 200

interface Presence {
  readonly user?: { readonly uid?: string }
  readonly scenePath?: string
  readonly view?: { readonly mode?: string; readonly scenePath?: string } | null
}

/**
 * The board as the live picture shows it while it is shared: the page the class sees (the
 * broadcaster's page when someone leads the view [WB-3], else the host's own page, else the first
 * page), rendered on the server from the board's shared document (`board-render.ts`) each time it
 * changes, at most five times a second. The picture follows strokes as they merge into the
 * server's document, so it needs no browser.
 */
export class BoardPicture {
  /** The latest rendering, at the size of the place. */
  frame: YuvFrame | undefined
  /** Renderings made, and the milliseconds they took (the bench reads them). */
  renders = 0
  renderMs = 0
  private board: LiveBoard | undefined
  private boardId = ''
  private host = ''
  private width = 0
  private height = 0
  private dirty = true
  private timer: ReturnType<typeof setInterval> | undefined
  private readonly changed = () => void (this.dirty = true)

  constructor(
    private readonly source: BoardSource,
    private readonly warn: (message: string) => void,
  ) {}

  /** Shows the board `boardId` in a place of `width` x `height`; `host` names whose page counts. */
  async follow(boardId: string, host: string, width: number, height: number): Promise<void> {
    if (boardId !== this.boardId || !this.board) {
      this.letGo()
      this.boardId = boardId
      const board = await this.source(boardId)
      if (this.boardId !== boardId || this.board) return board.release()
      this.board = board
      board.doc.on('update', this.changed)
      board.awareness.on('change', this.changed)
      this.dirty = true
    }
    if (host !== this.host || width !== this.width || height !== this.height) this.dirty = true
    this.host = host
    this.width = width
    this.height = height
    if (this.dirty) this.render()
    this.timer ??= setInterval(() => {
      if (this.dirty) this.render()
    }, REDRAW_MS)
  }

  /** The page shown: the broadcaster's, else the host's, else the first. */
  page(): string {
    const states = [...(this.board?.awareness.getStates() ?? new Map<number, unknown>())]
      .sort(([a], [b]) => a - b)
      .map(([, state]) => state as Presence)
    const lead = states.find((s) => s.view?.mode === 'broadcaster' && s.view.scenePath)
    if (lead) return normalizeScenePath(lead.view!.scenePath!)
    const host = states.find((s) => s.user?.uid === this.host && s.scenePath)
    return normalizeScenePath(host?.scenePath ?? '/init')
  }

  private render(): void {
    const board = this.board
    if (!board || this.width === 0) return
    this.dirty = false
    const started = performance.now()
    try {
      const elements = board.doc.getMap<DrawnElement>(`page:${this.page()}`).values()
      this.frame = renderBoardPage(elements, this.width, this.height)
    } catch (error) {
      this.warn(`the board's picture: ${(error as Error).message}`)
    }
    this.renders++
    this.renderMs += performance.now() - started
  }

  private letGo(): void {
    const board = this.board
    this.board = undefined
    this.frame = undefined
    if (!board) return
    board.doc.off('update', this.changed)
    board.awareness.off('change', this.changed)
    board.release()
  }

  /** The board is no longer shown. */
  stop(): void {
    clearInterval(this.timer)
    this.timer = undefined
    this.letGo()
    this.boardId = ''
  }
}
