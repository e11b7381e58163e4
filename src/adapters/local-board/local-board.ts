import { BehaviorSubject, Subject, type Observable } from 'rxjs'
import { Awareness } from 'y-protocols/awareness'
import * as Y from 'yjs'
import type { Event } from '../../../streams/events'
import type { BoardJoin, BoardPort, BoardScene, BoardViewMode } from '../../../streams/ports'
import {
  DEFAULT_BOARD_SCALE,
  INIT_SCENE_PATH,
  normalizeScenePath,
  type BoardControl,
  type BoardFile,
} from '../../../streams/wire/board'
import * as model from './board-model'
import { BoardConnection, type SocketFactory } from './connection'
import {
  collaboratorsOn,
  effectiveMode,
  findBroadcaster,
  type Camera,
  type Collaborator,
  type PresenceState,
  type RemotePointer,
} from './view-sync'

export type BoardTool =
  'pencil' | 'line' | 'arrow' | 'rectangle' | 'ellipse' | 'text' | 'eraser' | 'selector' | 'laser'

/** What the board view renders: everything but the elements, which it reads on `change$`. */
export interface BoardView {
  readonly joined: boolean
  readonly synced: boolean
  readonly scenePath: string
  readonly dir: string
  readonly index: number
  readonly total: number
  readonly scene: BoardScene | undefined
  readonly writable: boolean
  readonly mode: BoardViewMode
  /** Following a broadcaster: camera and page are theirs ([WB-3], [WB-5]). */
  readonly locked: boolean
  readonly scale: number
  /** The camera to apply: the broadcaster's while following, else the one set by setScale. */
  readonly camera: Camera
  readonly tool: BoardTool
  readonly canUndo: boolean
  readonly canRedo: boolean
}

const LOCAL = Symbol('local')
const INITIAL_VIEW: BoardView = {
  joined: false,
  synced: false,
  scenePath: INIT_SCENE_PATH,
  dir: model.ROOT_DIR,
  index: 0,
  total: 1,
  scene: { name: 'init' },
  writable: false,
  mode: 'freedom',
  locked: false,
  scale: DEFAULT_BOARD_SCALE,
  camera: { scrollX: 0, scrollY: 0, zoom: DEFAULT_BOARD_SCALE },
  tool: 'pencil',
  canUndo: false,
  canRedo: false,
}

export interface LocalBoardOptions {
  /** The board socket URL of a board (`ws(s)://host/board/{boardId}`). */
  readonly socketUrl: (boardId: string) => string
  readonly createSocket: SocketFactory
}

interface Session {
  readonly join: BoardJoin
  readonly doc: Y.Doc
  readonly awareness: Awareness
  readonly connection: BoardConnection
  undo: Y.UndoManager
}

/**
 * The local whiteboard behind the board port: a Yjs document synced with the server over the
 * board socket. Writability is the server's word ([WB-2]); follow mode rides on awareness
 * ([WB-3]). The drawing surface (the board view) reads `view$` and the page's elements and
 * writes strokes back through `writeElements`.
 */
export class LocalBoard implements BoardPort {
  private readonly subject = new Subject<Event>()
  readonly events$: Observable<Event> = this.subject.asObservable()
  private readonly viewSubject = new BehaviorSubject<BoardView>(INITIAL_VIEW)
  readonly view$: Observable<BoardView> = this.viewSubject.asObservable()
  private readonly changeSubject = new Subject<void>()
  /** Fires when the current page's elements or its remote pointers changed. */
  readonly change$: Observable<void> = this.changeSubject.asObservable()
  private readonly fileSubject = new Subject<BoardFile>()
  /** Document conversion progress pushed by the server. */
  readonly files$: Observable<BoardFile> = this.fileSubject.asObservable()
  private session: Session | undefined
  private wantWritable = false
  private serverWritable = false
  private wantMode: BoardViewMode = 'freedom'
  private ownPath = INIT_SCENE_PATH
  private ownCamera: Camera = INITIAL_VIEW.camera

  constructor(private readonly options: LocalBoardOptions) {}

  get view(): BoardView {
    return this.viewSubject.value
  }

  join(join: BoardJoin): Promise<void> {
    if (this.session) this.close()
    this.wantWritable = join.writable
    this.serverWritable = false
    this.wantMode = 'freedom'
    this.ownPath = INIT_SCENE_PATH
    this.ownCamera = INITIAL_VIEW.camera
    return new Promise<void>((resolve) => {
      let settled = false
      this.open(join, {
        synced: () => {
          if (settled) return
          settled = true
          this.subject.next({
            type: 'board/joined',
            boardId: join.boardId,
            writable: this.writable,
          })
          resolve()
        },
        failed: (message) => {
          if (settled) return
          settled = true
          this.close()
          this.subject.next({ type: 'board/joinFailed', message })
          resolve()
        },
      })
    })
  }

  async leave(): Promise<void> {
    if (!this.session) return
    this.close()
    this.subject.next({ type: 'board/left' })
  }

  async setWritable(writable: boolean): Promise<void> {
    this.wantWritable = writable
    this.session?.connection.sendControl({ t: 'recheck' })
    this.refresh()
  }

  async setViewMode(mode: BoardViewMode): Promise<void> {
    if (mode === 'broadcaster' && !this.writable) return
    this.wantMode = mode
    this.refresh()
    this.publishPresence()
  }

  async setScenePath(path: string): Promise<void> {
    if (this.view.locked) return
    this.ownPath = normalizeScenePath(path)
    this.refresh()
    this.publishPresence()
  }

  async putScenes(
    dir: string,
    scenes: readonly BoardScene[],
    info?: Partial<model.SceneSet>,
  ): Promise<void> {
    const session = this.session
    if (!session || !this.writable) return
    model.putScenes(
      session.doc,
      { dynamic: false, ...info, dir: normalizeScenePath(dir), scenes: [...scenes] },
      LOCAL,
    )
  }

  async setPage(index: number): Promise<void> {
    const session = this.session
    if (!session) return
    const path = model.pathAt(session.doc, this.view.dir, index)
    if (path) await this.setScenePath(path)
  }

  async setScale(scale: number): Promise<void> {
    if (this.view.locked) return
    this.setCamera({ ...this.ownCamera, zoom: scale })
  }

  // --- the drawing surface's side -------------------------------------------------------

  /** The current page's elements, in drawing order. */
  elements(): model.BoardElement[] {
    return this.session ? model.readElements(this.session.doc, this.view.scenePath) : []
  }

  /** Strokes from the surface; written only while the server lets me write ([WB-2]). */
  writeElements(elements: readonly model.BoardElement[]): number {
    if (!this.session || !this.writable) return 0
    return model.writeElements(this.session.doc, this.view.scenePath, elements, LOCAL)
  }

  /** One stroke ended: the next change is a new undo step. */
  endStroke(): void {
    this.session?.undo.stopCapturing()
  }

  undo(): void {
    if (this.writable) this.session?.undo.undo()
  }

  redo(): void {
    if (this.writable) this.session?.undo.redo()
  }

  clearPage(): void {
    if (this.session && this.writable) model.clearPage(this.session.doc, this.view.scenePath, LOCAL)
  }

  /** Adds a whiteboard page and goes to it. */
  async addPage(): Promise<void> {
    if (!this.session || !this.writable) return
    await this.setScenePath(model.addPage(this.session.doc, LOCAL))
  }

  setTool(tool: BoardTool): void {
    if (tool !== this.view.tool) this.viewSubject.next({ ...this.view, tool })
  }

  /** The surface's camera moved (ignored while following: the camera is not mine, [WB-2]). */
  setCamera(camera: Camera): void {
    if (this.view.locked) return
    const before = this.ownCamera
    this.ownCamera = camera
    this.refresh()
    if (this.wantMode === 'broadcaster' && camera !== before) this.publishPresence()
  }

  setPointer(pointer: RemotePointer | null): void {
    const state = this.session?.awareness.getLocalState() as PresenceState | null
    if (state) this.session?.awareness.setLocalState({ ...state, pointer })
  }

  /** A converted page's image, fetched with the board token, as a data URL for the surface. */
  async pageImage(src: string): Promise<{ dataURL: string; mimeType: string }> {
    const token = this.session?.join.boardToken
    if (!token) throw new Error('not on a board')
    const response = await fetch(src, { headers: { authorization: `Bearer ${token}` } })
    if (!response.ok) throw new Error(`page image: HTTP ${response.status}`)
    const mimeType = response.headers.get('content-type') ?? 'image/png'
    const bytes = new Uint8Array(await response.arrayBuffer())
    let binary = ''
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
    return { dataURL: `data:${mimeType};base64,${btoa(binary)}`, mimeType }
  }

  /** The board token of this session (the document centre's calls carry it). */
  get token(): string | undefined {
    return this.session?.join.boardToken
  }

  get boardId(): string | undefined {
    return this.session?.join.boardId
  }

  collaborators(): Collaborator[] {
    return this.session ? collaboratorsOn(this.session.awareness, this.view.scenePath) : []
  }

  // --- internals --------------------------------------------------------------------------

  private get writable(): boolean {
    return Boolean(this.session) && this.wantWritable && this.serverWritable
  }

  private open(join: BoardJoin, done: { synced(): void; failed(message: string): void }): void {
    const doc = new Y.Doc()
    const awareness = new Awareness(doc)
    awareness.setLocalState({
      user: { uid: join.uid, name: join.userName },
      scenePath: this.ownPath,
      view: null,
      pointer: null,
    } satisfies PresenceState)
    const connection = new BoardConnection(
      this.options.socketUrl(join.boardId),
      join.boardToken,
      doc,
      awareness,
      this.options.createSocket,
      {
        onSynced: () => {
          this.refresh()
          done.synced()
        },
        onControl: (control) => this.onControl(control),
        onClosed: (code, reason) => {
          if (code === 4401 || code === 4403) done.failed(reason || 'board refused')
          this.refresh()
        },
      },
    )
    const session: Session = { join, doc, awareness, connection, undo: this.undoManager(doc) }
    this.session = session
    doc.on('afterTransaction', (tx: Y.Transaction) => {
      if (this.session !== session) return
      const watched = new Set<unknown>([
        model.scenesMap(doc),
        model.pageMap(doc, this.view.scenePath),
      ])
      const touched = [...tx.changed.keys()].some((type) => watched.has(type))
      if (touched) {
        this.refresh()
        this.changeSubject.next()
      }
    })
    awareness.on('change', () => {
      if (this.session !== session) return
      this.refresh()
      this.changeSubject.next()
    })
    this.refresh()
  }

  private undoManager(doc: Y.Doc, path = this.ownPath): Y.UndoManager {
    const undo = new Y.UndoManager(model.pageMap(doc, path), {
      trackedOrigins: new Set([LOCAL]),
      captureTimeout: 10_000,
    })
    const update = () => this.refresh()
    undo.on('stack-item-added', update)
    undo.on('stack-item-popped', update)
    undo.on('stack-cleared', update)
    return undo
  }

  private onControl(control: BoardControl): void {
    if (control.t === 'writable') {
      this.serverWritable = control.writable
      this.refresh()
    } else if (control.t === 'refused') {
      // The server did not take my change: start again from its state so we stay identical.
      const session = this.session
      if (session) {
        this.close()
        this.open(session.join, {
          synced: () => this.changeSubject.next(),
          failed: () => undefined,
        })
      }
    } else if (control.t === 'file') {
      this.fileSubject.next(control.file)
    }
  }

  private publishPresence(): void {
    const session = this.session
    if (!session) return
    const state = session.awareness.getLocalState() as PresenceState | null
    if (!state) return
    const broadcasting = this.wantMode === 'broadcaster' && this.writable
    session.awareness.setLocalState({
      ...state,
      scenePath: this.view.scenePath,
      view: broadcasting
        ? { mode: 'broadcaster', scenePath: this.ownPath, camera: this.ownCamera }
        : null,
    })
  }

  private close(): void {
    const session = this.session
    if (!session) return
    this.session = undefined
    session.connection.close()
    session.undo.destroy()
    session.awareness.destroy()
    session.doc.destroy()
    this.refresh()
  }

  /** Derives the view and emits the 'board/…' events for what changed. */
  private refresh(): void {
    const before = this.view
    const session = this.session
    if (!session) {
      if (before.joined) this.viewSubject.next({ ...INITIAL_VIEW, tool: before.tool })
      return
    }
    const broadcaster =
      this.wantMode === 'broadcaster' ? undefined : findBroadcaster(session.awareness)
    const mode = effectiveMode(this.wantMode, Boolean(broadcaster))
    const locked = mode === 'follower' && Boolean(broadcaster)
    const path =
      locked && broadcaster ? normalizeScenePath(broadcaster.view.scenePath) : this.ownPath
    const camera = locked && broadcaster ? broadcaster.view.camera : this.ownCamera
    const where = model.locate(session.doc, path)
    if (path !== before.scenePath) {
      session.undo.destroy()
      session.undo = this.undoManager(session.doc, path)
    }
    const next: BoardView = {
      ...before,
      joined: true,
      synced: session.connection.isSynced,
      scenePath: where.path,
      dir: where.dir,
      index: where.index,
      total: where.total,
      scene: model.sceneAt(session.doc, where.path),
      writable: this.writable,
      mode,
      locked,
      scale: camera.zoom,
      camera,
      canUndo: this.writable && session.undo.canUndo(),
      canRedo: this.writable && session.undo.canRedo(),
    }
    this.viewSubject.next(next)
    if (next.writable !== before.writable && before.joined)
      this.subject.next({ type: 'board/writableChanged', writable: next.writable })
    if (next.mode !== before.mode)
      this.subject.next({ type: 'board/viewModeChanged', mode: next.mode })
    if (next.locked !== before.locked)
      this.subject.next({ type: 'board/lockChanged', locked: next.locked })
    if (next.scale !== before.scale)
      this.subject.next({ type: 'board/scaleChanged', scale: next.scale })
    if (
      next.scenePath !== before.scenePath ||
      next.index !== before.index ||
      next.total !== before.total
    )
      this.subject.next({
        type: 'board/sceneChanged',
        path: next.scenePath,
        index: next.index,
        total: next.total,
      })
    if (next.scenePath !== before.scenePath) this.publishPresence()
    if (next.scenePath !== before.scenePath || next.writable !== before.writable)
      this.changeSubject.next()
  }
}
