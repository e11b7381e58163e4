import type {
  JoinRoomParams,
  MemberState,
  Room,
  RoomCallbacks,
  SceneDefinition,
  ViewMode,
  WhiteWebSdkConfiguration,
} from 'white-web-sdk'
import type {
  CreateWhiteSdk,
  WhiteRoom,
  WhiteRoomState,
  WhiteSdk,
} from '../../../src/adapters/white/white-sdk'

/** One call the adapter made of a fake room. */
export interface RoomCall {
  readonly method: string
  readonly args: readonly unknown[]
}

/**
 * white-web-sdk's `Room` as the adapter uses it, typed from the SDK's own declarations: it
 * records every call, and refuses `setWritable(true)` with a reader's token as Netless does.
 */
export class FakeRoom implements WhiteRoom {
  readonly calls: RoomCall[] = []
  observerId = 7
  state: WhiteRoomState
  disableDeviceInputs = false
  disableCameraTransform = false
  disableSerialization = true
  disconnected = false

  constructor(
    readonly params: JoinRoomParams,
    readonly callbacks: Partial<RoomCallbacks>,
    freedom: ViewMode,
  ) {
    this.state = {
      sceneState: {
        scenePath: '/init',
        sceneName: 'init',
        contextPath: '/',
        index: 0,
        scenes: [{ name: 'init' }],
      },
      broadcastState: { mode: freedom },
      cameraState: { centerX: 0, centerY: 0, scale: 1, width: 800, height: 600 },
    }
  }

  /** The calls of one method, their arguments. */
  called(method: string): (readonly unknown[])[] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args)
  }

  private record(method: string, ...args: unknown[]): void {
    this.calls.push({ method, args })
  }

  bindHtmlElement(element: HTMLDivElement | null): void {
    this.record('bindHtmlElement', element)
  }
  setMemberState(modifyState: Partial<MemberState>): MemberState {
    this.record('setMemberState', modifyState)
    return modifyState as MemberState
  }
  moveCamera(camera: Parameters<Room['moveCamera']>[0]): void {
    this.record('moveCamera', camera)
  }
  async setWritable(isWritable: boolean): Promise<void> {
    this.record('setWritable', isWritable)
    if (isWritable && readTokenRole(this.params.roomToken) === 'reader')
      throw new Error('a reader cannot become writable')
  }
  setViewMode(viewMode: ViewMode): void {
    this.record('setViewMode', viewMode)
  }
  setScenePath(scenePath: string): void {
    this.record('setScenePath', scenePath)
  }
  setSceneIndex(index: number): void {
    this.record('setSceneIndex', index)
  }
  putScenes(path: string, scenes: ReadonlyArray<SceneDefinition>, index?: number): void {
    this.record('putScenes', path, scenes, ...(index === undefined ? [] : [index]))
  }
  undo(): number {
    this.record('undo')
    return 0
  }
  redo(): number {
    this.record('redo')
    return 0
  }
  cleanCurrentScene(retainPpt?: boolean): void {
    this.record('cleanCurrentScene', ...(retainPpt === undefined ? [] : [retainPpt]))
  }
  async disconnect(): Promise<void> {
    this.record('disconnect')
    this.disconnected = true
  }
  /** Draws the scene: here, the scene path as text, so a test sees what was drawn where. */
  async screenshotToCanvasAsync(
    ...[context, scenePath, width, height, camera, ratio, timeout]: Parameters<
      Room['screenshotToCanvasAsync']
    >
  ): Promise<void> {
    this.record('screenshotToCanvasAsync', scenePath, width, height, camera, ratio, timeout)
    await this.screenshot
    context.fillText(scenePath, 0, 0)
  }
  /** What a screenshot waits for (the scene's images loading). */
  screenshot: Promise<void> = Promise.resolve()
}

/** `WhiteWebSdk` as the adapter uses it: every SDK made, every join and the rooms it gave. */
export class FakeWhiteSdk {
  readonly configs: WhiteWebSdkConfiguration[] = []
  readonly rooms: FakeRoom[] = []
  /** Set to refuse the next joins with this error. */
  fail: Error | undefined

  constructor(private readonly freedom: ViewMode) {}

  readonly create: CreateWhiteSdk = (config) => {
    this.configs.push(config)
    const sdk: WhiteSdk = {
      joinRoom: async (params, callbacks = {}) => {
        if (this.fail) throw this.fail
        const room = new FakeRoom(params, callbacks, this.freedom)
        this.rooms.push(room)
        return room
      },
    }
    return sdk
  }

  get room(): FakeRoom {
    const room = this.rooms.at(-1)
    if (!room) throw new Error('no room joined')
    return room
  }
}

/** A room token of Netless's form with this role (the adapter reads only its role). */
export function roomTokenWith(role: 'admin' | 'writer' | 'reader', uuid = 'room-uuid'): string {
  const code = { admin: '0', writer: '1', reader: '2' }[role]
  const query = `ak=ak&expireAt=${Date.now() + 60_000}&nonce=n&role=${code}&sig=00&uuid=${uuid}`
  return `NETLESSROOM_${Buffer.from(query).toString('base64url')}`
}

function readTokenRole(token: string): string | undefined {
  const query = Buffer.from(token.replace(/^NETLESSROOM_/, ''), 'base64url').toString('utf8')
  return { '0': 'admin', '1': 'writer', '2': 'reader' }[new URLSearchParams(query).get('role')!]
}
