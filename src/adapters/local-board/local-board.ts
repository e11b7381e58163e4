import { BehaviorSubject, Subject, type Observable } from 'rxjs'
import type { Event } from '@streams/events'
import type { BoardJoin, BoardPort, BoardScene, BoardViewMode } from '@streams/ports'
import {
  INIT_SCENE_PATH,
  MAX_BOARD_CHANGE_BYTES,
  normalizeScenePath,
  type BoardControl,
  type BoardFile,
} from '@streams/wire/board'
import * as model from './board-model'
import { INITIAL_VIEW, joinedView, viewChanges, type BoardTool, type BoardView } from './board-view'
import { storeBoardImage } from './board-image'
import { fetchPageImage } from './page-image'
import { boardUpdated } from './recorded-update'
import {
  closeSession,
  LOCAL,
  openSession,
  undoManager,
  type BoardSession,
  type LocalBoardOptions,
} from './session'
import {
  collaboratorsOn,
  followed,
  updatePresence,
  type Camera,
  type Collaborator,
  type RemotePointer,
} from './view-sync'

export type { BoardTool, BoardView } from './board-view'

export type { LocalBoardOptions } from './session'

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
  private session: BoardSession | undefined
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

  /** After the room's connection came back: reconnect now if down, and check the rights. */
  async resync(): Promise<void> {
    const connection = this.session?.connection
    if (!connection) return
    connection.reconnectNow()
    connection.sendControl({ t: 'recheck' })
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
    if (this.session) updatePresence(this.session.awareness, { pointer })
  }

  /** A converted page's image, fetched with the board token, as a data URL for the surface. */
  async pageImage(src: string): Promise<{ dataURL: string; mimeType: string }> {
    const token = this.session?.join.boardToken
    if (!token) throw new Error('not on a board')
    return fetchPageImage(src, token)
  }

  /**
   * An image put on the board: stored with the board's documents; answers its page's address, the
   * image element's file id (so every side and the live picture draw it from there).
   */
  async storeImage(file: File): Promise<string> {
    const join = this.session?.join
    if (!join) throw new Error('not on a board')
    return storeBoardImage(join.boardId, join.boardToken, file, this.files$)
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
    this.session = openSession(join, this.ownPath, this.options, {
      onSynced: () => {
        this.refresh()
        done.synced()
      },
      onControl: (control) => this.onControl(control),
      onClosed: (code, reason) => {
        if (code === 4401 || code === 4403) done.failed(reason || 'board refused')
        this.refresh()
      },
      isCurrent: (session) => this.session === session,
      shownPath: () => this.view.scenePath,
      onChange: () => {
        this.refresh()
        this.changeSubject.next()
      },
      onUndoChange: () => this.refresh(),
      onUpdate: (update) => this.subject.next(boardUpdated(update)),
    })
    this.refresh()
  }

  private onControl(control: BoardControl): void {
    if (control.t === 'writable') {
      this.serverWritable = control.writable
      this.refresh()
    } else if (control.t === 'refused') {
      // The server did not take my change: start again from its state so we stay identical.
      const session = this.session
      if (session && control.reason === 'tooBig')
        this.subject.next({
          type: 'board/changeRefused',
          reason: 'tooBig',
          limitBytes: MAX_BOARD_CHANGE_BYTES,
        })
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
    const broadcasting = this.wantMode === 'broadcaster' && this.writable
    updatePresence(session.awareness, {
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
    closeSession(session)
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
    const shown = followed(session.awareness, this.wantMode, {
      scenePath: this.ownPath,
      camera: this.ownCamera,
    })
    if (shown.scenePath !== before.scenePath) {
      session.undo.destroy()
      session.undo = undoManager(session.doc, shown.scenePath, () => this.refresh())
    }
    const next = joinedView(before, session, shown, this.writable)
    this.viewSubject.next(next)
    for (const event of viewChanges(before, next)) this.subject.next(event)
    if (next.scenePath !== before.scenePath) this.publishPresence()
    if (next.scenePath !== before.scenePath || next.writable !== before.writable)
      this.changeSubject.next()
  }
}
