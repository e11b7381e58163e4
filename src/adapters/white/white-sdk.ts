import type {
  JoinRoomParams,
  Room,
  RoomCallbacks,
  RoomState,
  WhiteWebSdk,
  WhiteWebSdkConfiguration,
} from 'white-web-sdk'

/** The room state the adapter reads: pages, the follow mode and the camera. */
export type WhiteRoomState = Pick<RoomState, 'sceneState' | 'broadcastState' | 'cameraState'>

/** The part of white-web-sdk's `Room` this adapter uses (tests fake exactly this). */
export type WhiteRoom = { readonly state: WhiteRoomState } & Pick<
  Room,
  | 'observerId'
  | 'disableDeviceInputs'
  | 'disableCameraTransform'
  | 'disableSerialization'
  | 'bindHtmlElement'
  | 'setMemberState'
  | 'moveCamera'
  | 'setWritable'
  | 'setViewMode'
  | 'setScenePath'
  | 'setSceneIndex'
  | 'putScenes'
  | 'undo'
  | 'redo'
  | 'cleanCurrentScene'
  | 'disconnect'
  | 'screenshotToCanvasAsync'
>

/** The part of `WhiteWebSdk` the adapter uses: joining a room. */
export interface WhiteSdk {
  joinRoom(params: JoinRoomParams, callbacks?: Partial<RoomCallbacks>): Promise<WhiteRoom>
}

/** Makes the SDK for a join (the real `WhiteWebSdk`, or a test's fake of the same shape). */
export type CreateWhiteSdk = (config: WhiteWebSdkConfiguration) => WhiteSdk

/** The real SDK satisfies the adapter's view of it. */
export const realSdk =
  (Sdk: typeof WhiteWebSdk): CreateWhiteSdk =>
  (config) =>
    new Sdk(config)

/** Our server's board answer, asked again: a room token and our document centre's token. */
export interface WhiteCredentials {
  readonly boardToken: string
  readonly filesToken?: string
}

/** A Netless token's role: admin, writer or reader ([WB-2]). */
export type RoomTokenRole = 'admin' | 'writer' | 'reader'

const ROLES: Record<string, RoomTokenRole> = { '0': 'admin', '1': 'writer', '2': 'reader' }

/**
 * The role a Netless room token carries (`NETLESSROOM_` and the base64url of its signed query,
 * whose `role` is 0 admin, 1 writer, 2 reader); undefined when it cannot be read. A reader's SDK
 * refuses to become writable, so a member granted the board needs a new token first.
 */
export function roomTokenRole(token: string): RoomTokenRole | undefined {
  const prefix = 'NETLESSROOM_'
  if (!token.startsWith(prefix)) return undefined
  try {
    const base64 = token.slice(prefix.length).replaceAll('-', '+').replaceAll('_', '/')
    const query = new URLSearchParams(atob(base64))
    return ROLES[query.get('role') ?? '']
  } catch {
    return undefined
  }
}

export interface WhiteBoardOptions {
  /** The deployment's Netless app identifier and data centre (the server's /api/config). */
  readonly appIdentifier?: string
  readonly region?: string
  /**
   * Our server's board answer again: a room token with the member's rights as they are now, and
   * the token of our document centre.
   */
  readonly credentials?: () => Promise<WhiteCredentials>
  /** The SDK (tests pass a fake typed from the SDK's own types). */
  readonly createSdk?: CreateWhiteSdk
}
