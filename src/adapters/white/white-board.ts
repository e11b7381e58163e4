import 'regenerator-runtime/runtime'
import { BehaviorSubject, Subject, type Observable } from 'rxjs'
import {
  ApplianceNames,
  RoomPhase,
  ViewMode,
  WhiteWebSdk,
  type Room,
  type RoomState,
} from 'white-web-sdk'
import type { Event } from '@streams/events'
import type { BoardJoin, BoardPort, BoardScene, BoardViewMode } from '@streams/ports'
import { DEFAULT_BOARD_SCALE, normalizeScenePath, sceneDir } from '@streams/wire/board'

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

const INITIAL: WhiteView = {
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

export interface WhiteBoardOptions {
  /** The Netless app identifier of the deployment. */
  readonly appIdentifier?: string
  readonly region?: string
}

/**
 * The board port on white-web-sdk (Agora mode): boardId is the Netless room uuid and
 * boardToken its room token, both issued by our server. A non-writer has device inputs and
 * camera transform disabled ([WB-2]); followers see the broadcaster's view ([WB-3]).
 */
export class WhiteBoard implements BoardPort {
  private readonly subject = new Subject<Event>()
  readonly events$: Observable<Event> = this.subject.asObservable()
  private readonly viewSubject = new BehaviorSubject<WhiteView>(INITIAL)
  readonly view$: Observable<WhiteView> = this.viewSubject.asObservable()
  private room: Room | undefined
  private element: HTMLDivElement | null = null
  private uid = ''

  constructor(private readonly options: WhiteBoardOptions = {}) {}

  get view(): WhiteView {
    return this.viewSubject.value
  }

  async join(join: BoardJoin): Promise<void> {
    await this.leaveRoom()
    this.uid = join.uid
    try {
      const sdk = new WhiteWebSdk({
        appIdentifier: this.options.appIdentifier ?? '',
        region: this.options.region ?? 'cn-hz',
        useMobXState: false,
      })
      const room = await sdk.joinRoom(
        {
          uuid: join.boardId,
          roomToken: join.boardToken,
          uid: join.uid,
          userPayload: { uid: join.uid, userName: join.userName, identity: join.identity },
          isWritable: join.writable,
          disableDeviceInputs: !join.writable,
          disableCameraTransform: !join.writable,
          disableNewPencil: false,
        },
        {
          onRoomStateChanged: (modify) => this.onState(modify),
          onPhaseChanged: (phase) => {
            if (phase === RoomPhase.Disconnected && this.room) this.onDisconnected()
          },
          onDisconnectWithError: (error) =>
            this.subject.next({ type: 'board/joinFailed', message: error.message }),
        },
      )
      this.room = room
      room.disableSerialization = false
      room.bindHtmlElement(this.element)
      room.setMemberState({ currentApplianceName: APPLIANCE[this.view.tool] })
      room.moveCamera({ scale: DEFAULT_BOARD_SCALE })
      this.viewSubject.next({ ...this.view, joined: true, writable: join.writable })
      this.onState(room.state)
      this.subject.next({ type: 'board/joined', boardId: join.boardId, writable: join.writable })
    } catch (error) {
      this.subject.next({
        type: 'board/joinFailed',
        message: error instanceof Error ? error.message : String(error),
      })
    }
  }

  async leave(): Promise<void> {
    if (!this.room) return
    await this.leaveRoom()
    this.subject.next({ type: 'board/left' })
  }

  async setWritable(writable: boolean): Promise<void> {
    const room = this.room
    if (!room) return
    await room.setWritable(writable)
    room.disableDeviceInputs = !writable
    room.disableCameraTransform = !writable
    this.update({ writable })
    this.subject.next({ type: 'board/writableChanged', writable })
  }

  async setViewMode(mode: BoardViewMode): Promise<void> {
    const room = this.room
    if (!room) return
    room.setViewMode(
      mode === 'broadcaster'
        ? ViewMode.Broadcaster
        : mode === 'follower'
          ? ViewMode.Follower
          : ViewMode.Freedom,
    )
    this.onState({ broadcastState: room.state.broadcastState })
  }

  async setScenePath(path: string): Promise<void> {
    this.room?.setScenePath(normalizeScenePath(path))
  }

  async putScenes(dir: string, scenes: readonly BoardScene[]): Promise<void> {
    this.room?.putScenes(
      normalizeScenePath(dir),
      scenes.map((s) => ({
        name: s.name,
        ...(s.src ? { ppt: { src: s.src, width: s.width ?? 1280, height: s.height ?? 720 } } : {}),
      })),
    )
  }

  async setPage(index: number): Promise<void> {
    this.room?.setSceneIndex(index)
  }

  async setScale(scale: number): Promise<void> {
    this.room?.moveCamera({ scale })
  }

  // --- the board view's side -----------------------------------------------------------

  /** Where the SDK draws. */
  bindElement(element: HTMLDivElement | null): void {
    this.element = element
    this.room?.bindHtmlElement(element)
  }

  setTool(tool: WhiteTool): void {
    this.room?.setMemberState({ currentApplianceName: APPLIANCE[tool] })
    this.update({ tool })
  }

  undo(): void {
    if (this.view.writable) this.room?.undo()
  }

  redo(): void {
    if (this.view.writable) this.room?.redo()
  }

  clearPage(): void {
    if (this.view.writable) this.room?.cleanCurrentScene()
  }

  async addPage(): Promise<void> {
    const room = this.room
    if (!room || !this.view.writable) return
    const name = String(Date.now())
    room.putScenes('/', [{ name }])
    room.setScenePath(`/${name}`)
  }

  private update(patch: Partial<WhiteView>): void {
    this.viewSubject.next({ ...this.view, ...patch })
  }

  private onState(modify: Partial<RoomState>): void {
    const before = this.view
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
      const me = this.room?.observerId
      next.locked = next.mode === 'follower' && broadcasterId !== undefined && broadcasterId !== me
    }
    if (modify.cameraState) next.scale = modify.cameraState.scale
    this.viewSubject.next(next)
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
    if (next.mode !== before.mode)
      this.subject.next({ type: 'board/viewModeChanged', mode: next.mode })
    if (next.locked !== before.locked)
      this.subject.next({ type: 'board/lockChanged', locked: next.locked })
    if (next.scale !== before.scale)
      this.subject.next({ type: 'board/scaleChanged', scale: next.scale })
  }

  private onDisconnected(): void {
    this.room = undefined
    this.viewSubject.next({ ...INITIAL, tool: this.view.tool })
    this.subject.next({ type: 'board/left' })
  }

  private async leaveRoom(): Promise<void> {
    const room = this.room
    this.room = undefined
    this.viewSubject.next({ ...INITIAL, tool: this.view.tool })
    if (room) await room.disconnect().catch(() => undefined)
  }
}
