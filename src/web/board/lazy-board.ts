import { createElement, lazy, type ComponentType } from 'react'
import { BehaviorSubject, Subject, type Observable, type Subscription } from 'rxjs'
import type { Event } from '@streams/events'
import type { BoardJoin, BoardPort, BoardScene, BoardViewMode } from '@streams/ports'
import type { ClientConfig } from '@streams/wire/rest/room'
import type { SocketLike } from '../../adapters/local-board/connection'
import type { LocalBoard } from '../../adapters/local-board/local-board'
import type { WhiteBoard } from '../../adapters/white/white-board'
import type { BoardPictureSource } from '../../adapters/agora-rtc/agora-board-stage'

/**
 * The loaded adapter: our own board in local mode, white-web-sdk in Agora mode, each with the
 * drawing surface that shows it (loaded when first shown), so the board screen does not know
 * which engine runs.
 */
export type LoadedBoard =
  | { readonly kind: 'local'; readonly board: LocalBoard; readonly Surface: ComponentType }
  | { readonly kind: 'white'; readonly board: WhiteBoard; readonly Surface: ComponentType }

const LocalSurface = lazy(() => import('./LocalSurface'))
const WhiteSurface = lazy(() => import('./WhiteSurface'))

export type BoardMode = ClientConfig['mode']

/**
 * What the board needs of the server's configuration: the mode, and in Agora mode the Netless
 * app identifier and data centre the SDK joins with.
 */
export type BoardSetup = Pick<ClientConfig, 'mode' | 'netless'>

export interface LazyBoardOptions {
  /**
   * The board answer again (Agora mode): a Netless token carries its holder's rights, so a member
   * granted the board needs a writer's token before it can draw; and the document centre's token.
   */
  readonly credentials?: () => Promise<{ boardToken: string; filesToken?: string }>
}

/** Where the drawing surface loads its fonts: our server, never a CDN. */
export const BOARD_ASSET_PATH = '/board-assets/'

declare global {
  interface Window {
    EXCALIDRAW_ASSET_PATH?: string | string[]
  }
}

function socketUrl(boardId: string): string {
  const { protocol, host } = window.location
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/board/${encodeURIComponent(boardId)}`
}

async function load(setup: BoardSetup, options: LazyBoardOptions): Promise<LoadedBoard> {
  if (setup.mode === 'agora') {
    const { WhiteBoard } = await import('../../adapters/white/white-board')
    const board = new WhiteBoard({
      appIdentifier: setup.netless?.appIdentifier,
      region: setup.netless?.region,
      credentials: options.credentials,
    })
    return { kind: 'white', board, Surface: () => createElement(WhiteSurface, { board }) }
  }
  window.EXCALIDRAW_ASSET_PATH = BOARD_ASSET_PATH
  const { LocalBoard } = await import('../../adapters/local-board/local-board')
  const board = new LocalBoard({
    socketUrl,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
  })
  return { kind: 'local', board, Surface: () => createElement(LocalSurface, { board }) }
}

/**
 * The board port the session holds: it loads the adapter (and with it the drawing library)
 * on the first join only, so the board is never in the first bundle.
 */
export class LazyBoard implements BoardPort {
  private readonly subject = new Subject<Event>()
  readonly events$: Observable<Event> = this.subject.asObservable()
  private readonly loaded = new BehaviorSubject<LoadedBoard | undefined>(undefined)
  readonly loaded$: Observable<LoadedBoard | undefined> = this.loaded.asObservable()
  private loading: Promise<LoadedBoard> | undefined
  private forward: Subscription | undefined

  constructor(
    private readonly setup: () => Promise<BoardSetup>,
    private readonly options: LazyBoardOptions = {},
  ) {}

  /** The adapter, loading it when needed. */
  adapter(): Promise<LoadedBoard> {
    this.loading ??= this.setup()
      .then((setup) => load(setup, this.options))
      .then((loaded) => {
        this.forward = loaded.board.events$.subscribe((e) => this.subject.next(e))
        this.loaded.next(loaded)
        return loaded
      })
    this.loading.catch(() => (this.loading = undefined))
    return this.loading
  }

  async join(options: BoardJoin): Promise<void> {
    let loaded: LoadedBoard
    try {
      loaded = await this.adapter()
    } catch {
      this.subject.next({ type: 'board/joinFailed', message: 'the whiteboard failed to load' })
      return
    }
    await loaded.board.join(options)
  }

  private get board(): BoardPort | undefined {
    return this.loaded.value?.board
  }

  async leave(): Promise<void> {
    await this.board?.leave()
  }
  async setWritable(writable: boolean): Promise<void> {
    await this.board?.setWritable(writable)
  }
  async setViewMode(mode: BoardViewMode): Promise<void> {
    await this.board?.setViewMode(mode)
  }
  async setScenePath(path: string): Promise<void> {
    await this.board?.setScenePath(path)
  }
  async putScenes(dir: string, scenes: readonly BoardScene[]): Promise<void> {
    await this.board?.putScenes(dir, scenes)
  }
  async setPage(index: number): Promise<void> {
    await this.board?.setPage(index)
  }
  async resync(): Promise<void> {
    await this.board?.resync?.()
  }

  async setScale(scale: number): Promise<void> {
    await this.board?.setScale(scale)
  }

  /**
   * The board's picture for Agora's live and recording (the Netless board is no media user):
   * white-web-sdk's screenshots of the current scene, as a video track the media adapter
   * publishes under the board's stage uid. Local mode's server draws its board itself: none.
   */
  async picture(): Promise<BoardPictureSource | undefined> {
    const loaded = await this.adapter()
    return loaded.kind === 'white' ? loaded.board.picture() : undefined
  }

  stop(): void {
    this.forward?.unsubscribe()
  }
}
