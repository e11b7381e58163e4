import type { Image } from '@napi-rs/canvas'
import { loadImage } from './canvas'
import type { Awareness } from 'y-protocols/awareness'
import type * as Y from 'yjs'
import { normalizeScenePath, sceneDir, scenePath } from '@streams/wire/board'
import { renderBoardPage, type DrawnElement, type PageBackground } from './board-render'
import type { YuvFrame } from './yuv'

/** A room's live board document (the board service's), and how to let it go. */
export interface LiveBoard {
  readonly doc: Y.Doc
  readonly awareness: Awareness
  /** The picture no longer shows it (the service may unload it once nobody is connected). */
  release(): void
  /** The bytes of a converted document's page image (a scene's `src`), if the board has it. */
  pageImage?(src: string): Promise<Uint8Array | undefined>
}

/** A page of a scene set as the board's document keeps it (a converted page has an image). */
interface SceneEntry {
  readonly name?: unknown
  readonly src?: unknown
  readonly width?: unknown
  readonly height?: unknown
}

/** The page image of a page, where the document says it is and how large (page units). */
function sceneImageOf(doc: Y.Doc, path: string) {
  const dir = sceneDir(path)
  const set = doc.getMap<{ scenes?: unknown }>('scenes').get(dir)
  const scenes = Array.isArray(set?.scenes) ? (set.scenes as SceneEntry[]) : []
  const scene = scenes.find((s) => typeof s.name === 'string' && scenePath(dir, s.name) === path)
  if (typeof scene?.src !== 'string' || !scene.src) return undefined
  const size = (v: unknown, fallback: number) => (typeof v === 'number' && v > 0 ? v : fallback)
  return { src: scene.src, width: size(scene.width, 1280), height: size(scene.height, 720) }
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
  /** Page images by their `src`: decoded, being loaded, or missing (not asked again). */
  private readonly images = new Map<string, Image | 'loading' | 'missing'>()

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
      const page = this.page()
      const elements = board.doc.getMap<DrawnElement>(`page:${page}`).values()
      this.frame = renderBoardPage(
        elements,
        this.width,
        this.height,
        this.background(board, page),
        (fileId) => this.imageOf(board, fileId),
      )
    } catch (error) {
      this.warn(`the board's picture: ${(error as Error).message}`)
    }
    this.renders++
    this.renderMs += performance.now() - started
  }

  /**
   * The page's image (a converted document's page), once loaded: the first rendering goes without
   * it, and the page is drawn again when it has come.
   */
  private background(board: LiveBoard, page: string): PageBackground | undefined {
    const scene = sceneImageOf(board.doc, page)
    if (!scene) return undefined
    const image = this.imageOf(board, scene.src)
    return typeof image === 'object'
      ? { image, width: scene.width, height: scene.height }
      : undefined
  }

  /**
   * An image the board stores (a page's image, or one inserted on a page), by its address: asked
   * of the board once, decoded once; the page is drawn again when it has come. One the board does
   * not have, or that is not an image, is missing (and not asked again).
   */
  private imageOf(board: LiveBoard, src: string): Image | 'loading' | 'missing' {
    const known = this.images.get(src)
    if (known !== undefined) return known
    if (!board.pageImage) return 'missing'
    this.images.set(src, 'loading')
    board
      .pageImage(src)
      .then((bytes) => (bytes ? loadImage(Buffer.from(bytes)) : undefined))
      .then(
        (loaded) => this.images.set(src, loaded ?? 'missing'),
        (error: Error) => {
          this.images.set(src, 'missing')
          this.warn(`the board's image ${src}: ${error.message}`)
        },
      )
      .finally(() => {
        this.dirty = true
      })
    return 'loading'
  }

  private letGo(): void {
    const board = this.board
    this.board = undefined
    this.frame = undefined
    if (!board) return
    board.doc.off('update', this.changed)
    board.awareness.off('change', this.changed)
    this.images.clear()
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
