import { BehaviorSubject, Subject, type Observable } from 'rxjs'
import * as Y from 'yjs'
import * as model from '../../adapters/local-board/board-model'
import { INITIAL_VIEW, type BoardTool, type BoardView } from '../../adapters/local-board/board-view'
import type { BoardAtStep } from '@streams/replay/board'
import type { SurfaceBoard } from './surface-board'

const decode = (base64: string): Uint8Array => {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/**
 * The board of a replay ([ROUTE-15]): the drawing surface's board, read-only, on a Yjs document
 * made from the updates the session log recorded up to the cursor. It connects nowhere and
 * writes nothing; a converted document's page image (kept in the log as a reference, its
 * address) is not fetched.
 */
export class ReplayBoard implements SurfaceBoard {
  private doc = new Y.Doc()
  private applied: readonly string[] = []
  private readonly viewSubject = new BehaviorSubject<BoardView>({
    ...INITIAL_VIEW,
    joined: true,
    synced: true,
    tool: 'selector',
  })
  readonly view$: Observable<BoardView> = this.viewSubject.asObservable()
  private readonly changeSubject = new Subject<void>()
  readonly change$: Observable<void> = this.changeSubject.asObservable()

  get view(): BoardView {
    return this.viewSubject.value
  }

  /** Shows the board as it was: its updates so far, on the page the user was on. */
  show(board: BoardAtStep, scenePath: string, scale: number): void {
    const { updates } = board
    const grows =
      updates.length >= this.applied.length && this.applied.every((u, i) => u === updates[i])
    if (!grows) {
      this.doc.destroy()
      this.doc = new Y.Doc()
      this.applied = []
    }
    if (updates.length > this.applied.length)
      Y.transact(this.doc, () => {
        for (let i = this.applied.length; i < updates.length; i++)
          Y.applyUpdate(this.doc, decode(updates[i] as string))
      })
    this.applied = updates
    const where = model.locate(this.doc, scenePath)
    this.viewSubject.next({
      ...this.view,
      scenePath: where.path,
      dir: where.dir,
      index: where.index,
      total: where.total,
      scene: model.sceneAt(this.doc, where.path),
      scale,
      camera:
        this.view.camera.zoom === scale ? this.view.camera : { ...this.view.camera, zoom: scale },
    })
    this.changeSubject.next()
  }

  elements(): model.BoardElement[] {
    return model.readElements(this.doc, this.view.scenePath)
  }

  collaborators() {
    return []
  }

  writeElements(): number {
    return 0
  }

  pageImage(): Promise<{ dataURL: string; mimeType: string }> {
    return Promise.reject(new Error('a replay fetches nothing'))
  }

  storeImage(): Promise<string> {
    return Promise.reject(new Error('a replay stores nothing'))
  }

  setTool(tool: BoardTool): void {
    if (tool !== this.view.tool) this.viewSubject.next({ ...this.view, tool })
  }

  setCamera(camera: BoardView['camera']): void {
    this.viewSubject.next({ ...this.view, camera })
  }

  endStroke(): void {}
  undo(): void {}
  redo(): void {}
  setPointer(): void {}

  destroy(): void {
    this.doc.destroy()
  }
}
