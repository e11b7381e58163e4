import type { Observable } from 'rxjs'
import type { BoardViewMode } from '@streams/ports'

export type ToolName =
  'pencil' | 'line' | 'arrow' | 'rectangle' | 'ellipse' | 'text' | 'eraser' | 'selector' | 'laser'

export const TOOLS: readonly ToolName[] = [
  'selector',
  'pencil',
  'line',
  'arrow',
  'rectangle',
  'ellipse',
  'text',
  'eraser',
  'laser',
]

/** What the toolbar and the page navigator show, from either adapter. */
export interface ControlView {
  readonly joined: boolean
  readonly writable: boolean
  readonly mode: BoardViewMode
  readonly locked: boolean
  readonly scenePath: string
  readonly dir: string
  readonly index: number
  readonly total: number
  readonly tool: ToolName
  readonly canUndo: boolean
  readonly canRedo: boolean
}

/** The board view's controls; both adapters have them. */
export interface BoardControls {
  readonly view$: Observable<ControlView>
  readonly view: ControlView
  setTool(tool: ToolName): void
  undo(): void
  redo(): void
  clearPage(): void
  addPage(): Promise<void>
  setPage(index: number): Promise<void>
  setViewMode(mode: BoardViewMode): Promise<void>
}
