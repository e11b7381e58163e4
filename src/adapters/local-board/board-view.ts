import type { Event } from '@streams/events'
import type { BoardScene, BoardViewMode } from '@streams/ports'
import { DEFAULT_BOARD_SCALE, INIT_SCENE_PATH } from '@streams/wire/board'
import * as model from './board-model'
import type { BoardSession } from './session'
import type { Camera, Shown } from './view-sync'

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

export const INITIAL_VIEW: BoardView = {
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

/** The view of a joined board showing `shown` (my own page, or the one I follow). */
export function joinedView(
  before: BoardView,
  session: BoardSession,
  shown: Shown,
  writable: boolean,
): BoardView {
  const where = model.locate(session.doc, shown.scenePath)
  return {
    ...before,
    joined: true,
    synced: session.connection.isSynced,
    scenePath: where.path,
    dir: where.dir,
    index: where.index,
    total: where.total,
    scene: model.sceneAt(session.doc, where.path),
    writable,
    mode: shown.mode,
    locked: shown.locked,
    scale: shown.camera.zoom,
    camera: shown.camera,
    canUndo: writable && session.undo.canUndo(),
    canRedo: writable && session.undo.canRedo(),
  }
}

/** The 'board/…' events for what changed from one view to the next, in the order they go out. */
export function viewChanges(before: BoardView, next: BoardView): Event[] {
  const events: Event[] = []
  if (next.writable !== before.writable && before.joined)
    events.push({ type: 'board/writableChanged', writable: next.writable })
  if (next.mode !== before.mode) events.push({ type: 'board/viewModeChanged', mode: next.mode })
  if (next.locked !== before.locked) events.push({ type: 'board/lockChanged', locked: next.locked })
  if (next.scale !== before.scale) events.push({ type: 'board/scaleChanged', scale: next.scale })
  if (
    next.scenePath !== before.scenePath ||
    next.index !== before.index ||
    next.total !== before.total
  )
    events.push({
      type: 'board/sceneChanged',
      path: next.scenePath,
      index: next.index,
      total: next.total,
    })
  return events
}
