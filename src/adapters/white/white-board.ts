import 'regenerator-runtime/runtime'
import { BehaviorSubject, skip, Subject, type Observable } from 'rxjs'
import { RoomPhase, ViewMode, WhiteWebSdk, type RoomState } from 'white-web-sdk'
import type { Event } from '@streams/events'
import type { BoardJoin, BoardPort, BoardScene, BoardViewMode } from '@streams/ports'
import { DEFAULT_BOARD_SCALE, normalizeScenePath } from '@streams/wire/board'
import { realSdk, roomTokenRole, type WhiteBoardOptions, type WhiteRoom } from './white-sdk'
import { APPLIANCE, INITIAL, viewAfter, type WhiteTool, type WhiteView } from './white-view'
import { WhitePicture, type WhitePictureOptions } from './white-picture'

export { APPLIANCE, type WhiteTool, type WhiteView } from './white-view'

export type { WhiteBoardOptions } from './white-sdk'

/** Why a join cannot start: the server has no Netless settings (it names them in its log). */
export const NOT_CONFIGURED = 'the whiteboard service is not configured on this server'

/**
 * The board port on white-web-sdk (Agora mode): boardId is the Netless room uuid and
 * boardToken its room token, both issued by our server, joined with the app identifier and
 * region of /api/config. A non-writer has device inputs and camera transform disabled ([WB-2]);
 * a granted reader gets a writer's token and joins again; followers see the broadcaster's view
 * ([WB-3]).
 */
export class WhiteBoard implements BoardPort {
  private readonly subject = new Subject<Event>()
  readonly events$: Observable<Event> = this.subject.asObservable()
  private readonly viewSubject = new BehaviorSubject<WhiteView>(INITIAL)
  readonly view$: Observable<WhiteView> = this.viewSubject.asObservable()
  private room: WhiteRoom | undefined
  private element: HTMLDivElement | null = null
  /** The join in force (its token renewed after a grant). */
  private joined: BoardJoin | undefined
  /** Our document centre's token for this board (documents stay on our server). */
  private filesToken: string | undefined
  /** When the room was last joined again after the SDK's disconnection with an error. */
  private recovered = Number.NEGATIVE_INFINITY

  constructor(private readonly options: WhiteBoardOptions = {}) {}

  get view(): WhiteView {
    return this.viewSubject.value
  }

  /** The board (the Netless room's uuid) and the document centre's token. */
  get boardId(): string | undefined {
    return this.joined?.boardId
  }
  get token(): string | undefined {
    return this.filesToken
  }

  async join(wanted: BoardJoin): Promise<void> {
    await this.leaveRoom()
    // A reader's token cannot write: join read-only, then renew it when the join asks to write.
    const reader = roomTokenRole(wanted.boardToken) === 'reader'
    const join = { ...wanted, writable: wanted.writable && !reader }
    if (this.joined?.boardId !== join.boardId) this.filesToken = undefined
    this.joined = join
    const { appIdentifier, region = 'cn-hz' } = this.options
    if (!appIdentifier) {
      this.subject.next({ type: 'board/joinFailed', message: NOT_CONFIGURED })
      return
    }
    let mine: WhiteRoom | undefined
    try {
      const sdk = (this.options.createSdk ?? realSdk(WhiteWebSdk))({
        appIdentifier,
        region,
        useMobXState: false,
      })
      const room = await sdk.joinRoom(
        {
          uuid: join.boardId,
          roomToken: join.boardToken,
          uid: join.uid,
          region,
          userPayload: { uid: join.uid, userName: join.userName, identity: join.identity },
          isWritable: join.writable,
          disableDeviceInputs: !join.writable,
          disableCameraTransform: !join.writable,
          disableNewPencil: false,
        },
        {
          // A room left for another (a renewed token) reports nothing more.
          onRoomStateChanged: (modify) => {
            if (this.room === mine) this.onState(modify)
          },
          onPhaseChanged: (phase) => {
            if (phase === RoomPhase.Disconnected && mine && this.room === mine)
              this.onDisconnected()
          },
          onDisconnectWithError: (error) => {
            if (this.room !== mine) return
            // Say a token expired (a meeting past a day): a new one, at most once a minute.
            if (this.options.credentials && this.joined && Date.now() - this.recovered > 60_000) {
              this.recovered = Date.now()
              void this.renew(this.joined)
            } else this.subject.next({ type: 'board/joinFailed', message: error.message })
          },
        },
      )
      mine = room
      this.room = room
      room.disableSerialization = false
      room.bindHtmlElement(this.element)
      room.setMemberState({ currentApplianceName: APPLIANCE[this.view.tool] })
      room.moveCamera({ scale: DEFAULT_BOARD_SCALE })
      this.viewSubject.next({ ...this.view, joined: true, writable: join.writable })
      this.onState(room.state)
      this.subject.next({ type: 'board/joined', boardId: join.boardId, writable: join.writable })
      if (wanted.writable && reader) await this.renew(join)
      else if (!this.filesToken) void this.fetchFilesToken()
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
    if (writable && this.joined && roomTokenRole(this.joined.boardToken) === 'reader')
      return this.renew(this.joined)
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

  /** A scene set; a page image's address is made absolute, as the SDK loads it by URL. */
  async putScenes(dir: string, scenes: readonly BoardScene[]): Promise<void> {
    const base = globalThis.location?.href
    this.room?.putScenes(
      normalizeScenePath(dir),
      scenes.map((s) => ({
        name: s.name,
        ...(s.src
          ? {
              ppt: {
                src: base ? new URL(s.src, base).href : s.src,
                width: s.width ?? 1280,
                height: s.height ?? 720,
              },
            }
          : {}),
      })),
    )
  }

  async setPage(index: number): Promise<void> {
    this.room?.setSceneIndex(index)
  }

  async setScale(scale: number): Promise<void> {
    this.room?.moveCamera({ scale })
  }

  /** The board's picture for Agora's live and recording (white-picture.ts), not yet drawing. */
  picture(options?: WhitePictureOptions): WhitePicture {
    return new WhitePicture({ room: () => this.room, changes$: this.view$.pipe(skip(1)) }, options)
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
    const next = viewAfter(before, modify, this.room?.observerId)
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

  /**
   * A reader granted the board, or a room lost with an error: a token with the rights the server
   * gives now, and the room joined again with it (a Netless token cannot change its role). Still a
   * reader: stays read-only. No token: the board is left with the reason (board/joinFailed).
   */
  private async renew(joined: BoardJoin): Promise<void> {
    const fetch = this.options.credentials
    let boardToken: string
    try {
      if (!fetch) throw new Error('the room token cannot be renewed here')
      const credentials = await fetch()
      boardToken = credentials.boardToken
      this.filesToken = credentials.filesToken ?? this.filesToken
    } catch (error) {
      await this.leaveRoom()
      const message = error instanceof Error ? error.message : String(error)
      this.subject.next({ type: 'board/joinFailed', message })
      return
    }
    const writable = roomTokenRole(boardToken) !== 'reader'
    await this.join({ ...joined, boardToken, writable })
    if (writable) this.subject.next({ type: 'board/writableChanged', writable })
  }

  /** The document centre's token, once per board (failures leave the centre without one). */
  private async fetchFilesToken(): Promise<void> {
    const fetch = this.options.credentials
    if (!fetch) return
    try {
      this.filesToken = (await fetch()).filesToken
    } catch {
      this.filesToken = undefined
    }
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
