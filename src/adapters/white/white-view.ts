import { ApplianceNames, ViewMode, type RoomState } from 'white-web-sdk'
import type { BoardViewMode } from '@streams/ports'
import { DEFAULT_BOARD_SCALE, normalizeScenePath, sceneDir } from '@streams/wire/board'

/** What the board view shows of the Agora-mode board (WhiteBoard's `view$`). */
export type WhiteTool =
  'pencil' | 'line' | 'arrow' | 'rectangle' | 'ellipse' | 'text' | 'eraser' | 'selector' | 'laser'

/** Our tools on white-web-sdk's appliances. */
export const APPLIANCE: Record<WhiteTool, ApplianceNames> = {
  pencil: ApplianceNames.pencil,
  line: ApplianceNames.straight,
  arrow: ApplianceNames.arrow,
  rectangle: ApplianceNames.rectangle,
  ellipse: ApplianceNames.ellipse,
  text: ApplianceNames.text,
  eraser: ApplianceNames.eraser,
  selector: ApplianceNames.selector,
  laser: ApplianceNames.laserPointer,
}

export interface WhiteView {
  readonly joined: boolean
  readonly scenePath: string
  readonly dir: string
  readonly index: number
  readonly total: number
  readonly writable: boolean
  readonly mode: BoardViewMode
  readonly locked: boolean
  readonly scale: number
  readonly tool: WhiteTool
  readonly canUndo: boolean
  readonly canRedo: boolean
}

/** Before a join, and after a leave. */
export const INITIAL: WhiteView = {
  joined: false,
  scenePath: '/init',
  dir: '/',
  index: 0,
  total: 1,
  writable: false,
  mode: 'freedom',
  locked: false,
  scale: DEFAULT_BOARD_SCALE,
  tool: 'pencil',
  canUndo: false,
  canRedo: false,
}

/**
 * The view after a room state change: pages ('/' is '/init', [WB-4]), the follow mode (locked
 * while following another's view, [WB-3] [WB-5]) and the scale. `me` is this client's observer.
 */
export function viewAfter(
  before: WhiteView,
  modify: Partial<RoomState>,
  me: number | undefined,
): WhiteView {
  const next: { -readonly [K in keyof WhiteView]: WhiteView[K] } = { ...before }
  if (modify.sceneState) {
    const path = normalizeScenePath(modify.sceneState.scenePath)
    next.scenePath = path
    next.dir = sceneDir(path)
    next.index = modify.sceneState.index
    next.total = modify.sceneState.scenes.length
  }
  if (modify.broadcastState) {
    const { mode, broadcasterId } = modify.broadcastState
    next.mode =
      mode === ViewMode.Broadcaster
        ? 'broadcaster'
        : mode === ViewMode.Follower
          ? 'follower'
          : 'freedom'
    next.locked = next.mode === 'follower' && broadcasterId !== undefined && broadcasterId !== me
  }
  if (modify.cameraState) next.scale = modify.cameraState.scale
  return next
}
