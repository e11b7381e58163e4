import {
  CaptureUpdateAction,
  Excalidraw,
  convertToExcalidrawElements,
  getSceneVersion,
  hashElementsVersion,
} from '@excalidraw/excalidraw'
import '@excalidraw/excalidraw/index.css'
import './board.css'
import type {
  AppState,
  Collaborator,
  ExcalidrawImperativeAPI,
  SocketId,
} from '@excalidraw/excalidraw/types'
import type { OrderedExcalidrawElement } from '@excalidraw/excalidraw/element/types'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useObservableEagerState } from 'observable-hooks'
import type { BoardElement } from '../../adapters/local-board/board-model'
import type { BoardTool } from '../../adapters/local-board/local-board'
import type { SurfaceBoard } from './surface-board'
import { loadBoardImages } from './surface-files'

type ToolType = Parameters<ExcalidrawImperativeAPI['setActiveTool']>[0] extends infer T
  ? T extends { type: infer K }
    ? K
    : never
  : never

/** Our tools on the drawing library's. */
const TOOL: Record<BoardTool, ToolType> = {
  pencil: 'freedraw',
  line: 'line',
  arrow: 'arrow',
  rectangle: 'rectangle',
  ellipse: 'ellipse',
  text: 'text',
  eraser: 'eraser',
  selector: 'selection',
  laser: 'laser',
}

const TOOL_OF: Partial<Record<string, BoardTool>> = Object.fromEntries(
  Object.entries(TOOL).map(([ours, theirs]) => [theirs, ours as BoardTool]),
)

const BACKGROUND = 'bg:'
type SceneElement = OrderedExcalidrawElement

/** The static page image of a converted document, under the strokes and locked. */
function backgroundOf(
  path: string,
  scene: { src?: string; width?: number; height?: number } | undefined,
): SceneElement[] {
  if (!scene?.src) return []
  const [image] = convertToExcalidrawElements([
    {
      type: 'image',
      fileId: scene.src as never,
      x: 0,
      y: 0,
      width: scene.width ?? 1280,
      height: scene.height ?? 720,
      locked: true,
    },
  ]) as SceneElement[]
  // A fixed id, so every client has the same background and never sends it as a stroke.
  return image
    ? [{ ...image, id: `${BACKGROUND}${path}`, version: 1, versionNonce: 1 } as SceneElement]
    : []
}

/**
 * The drawing surface of the local board: Excalidraw bound to the board's Yjs document. Local
 * strokes go to the document as they are drawn; remote ones come back into the scene without
 * entering the drawing library's own history (undo is the board's, of one's own strokes only).
 */
export default function LocalSurface({ board }: { board: SurfaceBoard }) {
  const view = useObservableEagerState(board.view$)
  const [api, setApi] = useState<ExcalidrawImperativeAPI | null>(null)
  const applying = useRef(false)
  const written = useRef(-1)
  const loadedFiles = useRef(new Set<string>())
  const container = useRef<HTMLDivElement>(null)
  const toolApplied = useRef(false)
  const pushRef = useRef<() => void>(() => undefined)
  const initialised = useRef(false)
  /** Ids the document has had on this surface. */
  const known = useRef(new Set<string>())

  /** What the page shows, on the element: tests and the bench compare two sides with it. */
  const mark = (elements: readonly SceneElement[]) => {
    const shown = elements.filter((e) => !e.isDeleted && !e.id.startsWith(BACKGROUND))
    const node = container.current
    if (!node) return
    node.dataset.elements = String(shown.length)
    node.dataset.sceneHash = String(hashElementsVersion(shown))
    node.dataset.background = String(
      elements.some((e) => e.id.startsWith(BACKGROUND) && !e.isDeleted),
    )
  }

  // Document → scene: on every change of the page, its elements and its pointers.
  useEffect(() => {
    if (!api) return
    // The bench and the end-to-end tests reach the surface through its element.
    if (container.current) Object.assign(container.current, { roomcastBoard: { api, board } })
    const push = (pushRef.current = () => {
      const current = new Map(api.getSceneElementsIncludingDeleted().map((e) => [e.id, e]))
      const inDocument = board.elements()
      // Reconcile: a local element newer than the document's (drawn since the last write) is
      // kept and sent; a local element the document never had is new and kept too; one the
      // document had and dropped was removed by someone.
      const newer: SceneElement[] = []
      const remote = inDocument.map((r) => {
        known.current.add(r.id)
        const local = current.get(r.id)
        if (local && local.version === r.version && local.versionNonce === r.versionNonce)
          return local
        if (local && local.version > r.version) {
          newer.push(local)
          return local
        }
        return structuredClone(r) as unknown as SceneElement
      })
      const ids = new Set(inDocument.map((e) => e.id))
      for (const local of current.values())
        if (!ids.has(local.id) && !known.current.has(local.id) && !local.isDeleted)
          if (!local.id.startsWith(BACKGROUND)) {
            newer.push(local)
            remote.push(local)
          }
      const { scenePath, scene } = board.view
      const collaborators = new Map<SocketId, Collaborator>(
        board.collaborators().map((c) => [
          String(c.clientId) as SocketId,
          {
            username: c.name,
            pointer: { x: c.pointer.x, y: c.pointer.y, tool: c.pointer.tool },
            button: c.pointer.button,
          },
        ]),
      )
      applying.current = true
      api.updateScene({
        elements: [...backgroundOf(scenePath, scene), ...remote],
        collaborators,
        captureUpdate: CaptureUpdateAction.NEVER,
      })
      applying.current = false
      const shown = api.getSceneElementsIncludingDeleted()
      if (newer.length > 0) board.writeElements(newer as unknown as BoardElement[])
      written.current = getSceneVersion(shown)
      mark(shown)
      loadBoardImages(api, board, loadedFiles.current, scene?.src, remote)
    })
    push()
    const subscription = board.change$.subscribe(push)
    return () => subscription.unsubscribe()
  }, [api, board])

  useEffect(() => {
    api?.setActiveTool({ type: TOOL[view.tool] } as Parameters<typeof api.setActiveTool>[0])
  }, [api, view.tool, view.writable])

  // The camera: mine, or the broadcaster's while following ([WB-3]).
  useEffect(() => {
    if (!api) return
    const state = api.getAppState()
    const { scrollX, scrollY, zoom } = view.camera
    if (state.scrollX === scrollX && state.scrollY === scrollY && state.zoom.value === zoom) return
    applying.current = true
    api.updateScene({
      appState: { scrollX, scrollY, zoom: { value: zoom as AppState['zoom']['value'] } },
      captureUpdate: CaptureUpdateAction.NEVER,
    })
    applying.current = false
  }, [api, view.camera])

  const onChange = (elements: readonly SceneElement[], state: AppState) => {
    if (applying.current) return
    if (!initialised.current) {
      // The library has loaded its initial (empty) scene over anything set before: set it again.
      initialised.current = true
      pushRef.current()
      return
    }
    const tool = state.activeTool.type
    if (tool !== TOOL[board.view.tool]) {
      // A key shortcut picked a tool: the toolbar follows; until the library has applied ours
      // after loading, ours is put back.
      const picked = TOOL_OF[tool]
      if (toolApplied.current && picked) board.setTool(picked)
      else
        api?.setActiveTool({ type: TOOL[board.view.tool] } as Parameters<
          typeof api.setActiveTool
        >[0])
    } else toolApplied.current = true
    const camera = { scrollX: state.scrollX, scrollY: state.scrollY, zoom: state.zoom.value }
    const own = board.view.camera
    if (
      camera.scrollX !== own.scrollX ||
      camera.scrollY !== own.scrollY ||
      camera.zoom !== own.zoom
    ) {
      if (board.view.locked) {
        // Following: the camera is the broadcaster's; put it back.
        applying.current = true
        api?.updateScene({
          appState: {
            scrollX: own.scrollX,
            scrollY: own.scrollY,
            zoom: { value: own.zoom as AppState['zoom']['value'] },
          },
          captureUpdate: CaptureUpdateAction.NEVER,
        })
        applying.current = false
      } else board.setCamera(camera)
    }
    const version = getSceneVersion(elements)
    if (version === written.current) return
    written.current = version
    mark(elements)
    board.writeElements(
      elements.filter((e) => !e.id.startsWith(BACKGROUND)) as unknown as BoardElement[],
    )
  }

  // Undo and redo are the board's (one's own strokes); the library's history stays out.
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey)) return
    // Typing text keeps the text box's own undo.
    if (event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLInputElement)
      return
    const key = event.key.toLowerCase()
    if (key !== 'z' && key !== 'y') return
    event.preventDefault()
    event.stopPropagation()
    if (key === 'y' || event.shiftKey) board.redo()
    else board.undo()
  }

  return (
    <div
      ref={container}
      className="roomcast-board-surface"
      data-testid="board-surface"
      data-writable={view.writable}
      style={{ position: 'absolute', inset: 0, pointerEvents: view.writable ? 'auto' : 'none' }}
      onKeyDownCapture={onKeyDownCapture}
    >
      <Excalidraw
        excalidrawAPI={setApi}
        initialData={{
          appState: {
            zoom: { value: view.camera.zoom as AppState['zoom']['value'] },
            scrollX: view.camera.scrollX,
            scrollY: view.camera.scrollY,
            viewBackgroundColor: '#ffffff',
          },
        }}
        viewModeEnabled={!view.writable}
        zenModeEnabled
        gridModeEnabled={false}
        detectScroll={false}
        UIOptions={{
          canvasActions: {
            changeViewBackgroundColor: false,
            clearCanvas: false,
            export: false,
            loadScene: false,
            saveToActiveFile: false,
            toggleTheme: false,
            saveAsImage: false,
          },
          // Images may be pasted or dropped: they are stored with the board (storeImage).
          tools: { image: true },
        }}
        onChange={onChange}
        // An image pasted or dropped is stored with the board, so every side draws it.
        generateIdForFile={(file) => board.storeImage(file)}
        onPointerUp={() => board.endStroke()}
        onPointerUpdate={({ pointer, button }) =>
          board.setPointer({
            x: pointer.x,
            y: pointer.y,
            tool: pointer.tool,
            button,
          })
        }
      />
    </div>
  )
}
