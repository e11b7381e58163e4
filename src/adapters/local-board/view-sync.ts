import type { Awareness } from 'y-protocols/awareness'
import type { BoardViewMode } from '@streams/ports'
import { normalizeScenePath } from '@streams/wire/board'

/** A camera: scroll and zoom, as the surface reports it. */
export interface Camera {
  readonly scrollX: number
  readonly scrollY: number
  readonly zoom: number
}

/** What a broadcaster shares of its view: its page and camera ([WB-3]). */
export interface BroadcastView {
  readonly mode: 'broadcaster'
  readonly scenePath: string
  readonly camera: Camera
}

/** A remote user's pointer (collaborator cursors and the laser pointer). */
export interface RemotePointer {
  readonly x: number
  readonly y: number
  readonly tool: 'pointer' | 'laser'
  readonly button: 'up' | 'down'
}

/** The awareness state each board client publishes. */
export interface PresenceState {
  readonly user: { readonly uid: string; readonly name: string }
  readonly scenePath?: string
  readonly view?: BroadcastView | null
  readonly pointer?: RemotePointer | null
}

export interface Collaborator {
  readonly clientId: number
  readonly uid: string
  readonly name: string
  readonly pointer: RemotePointer
}

/** Changes part of my presence (nothing before it is set or after it is gone). */
export function updatePresence(awareness: Awareness, change: Partial<PresenceState>): void {
  const state = awareness.getLocalState() as PresenceState | null
  if (state) awareness.setLocalState({ ...state, ...change })
}

/** The broadcaster someone else is, if any: the lowest client id wins when two claim it. */
export function findBroadcaster(
  awareness: Awareness,
): { clientId: number; uid: string; view: BroadcastView } | undefined {
  let found: { clientId: number; uid: string; view: BroadcastView } | undefined
  for (const [clientId, raw] of awareness.getStates()) {
    if (clientId === awareness.clientID) continue
    const state = raw as Partial<PresenceState>
    if (state.view?.mode !== 'broadcaster' || !state.user) continue
    if (!found || clientId < found.clientId)
      found = { clientId, uid: state.user.uid, view: state.view }
  }
  return found
}

/** Remote pointers on a page. */
export function collaboratorsOn(awareness: Awareness, path: string): Collaborator[] {
  const out: Collaborator[] = []
  for (const [clientId, raw] of awareness.getStates()) {
    if (clientId === awareness.clientID) continue
    const state = raw as Partial<PresenceState>
    if (!state.user || !state.pointer || state.scenePath !== path) continue
    out.push({ clientId, uid: state.user.uid, name: state.user.name, pointer: state.pointer })
  }
  return out
}

/** My effective view mode: broadcaster by choice, follower while someone else broadcasts. */
export function effectiveMode(wanted: BoardViewMode, broadcasting: boolean): BoardViewMode {
  if (wanted === 'broadcaster') return 'broadcaster'
  return broadcasting ? 'follower' : 'freedom'
}

/** What I show: my view mode, and whose page and camera (a broadcaster's while I follow one). */
export interface Shown {
  readonly mode: BoardViewMode
  /** Following a broadcaster: camera and page are theirs ([WB-3], [WB-5]). */
  readonly locked: boolean
  readonly scenePath: string
  readonly camera: Camera
}

/** What I show, given the view mode I want and my own page and camera. */
export function followed(
  awareness: Awareness,
  wanted: BoardViewMode,
  own: { readonly scenePath: string; readonly camera: Camera },
): Shown {
  const broadcaster = wanted === 'broadcaster' ? undefined : findBroadcaster(awareness)
  const mode = effectiveMode(wanted, Boolean(broadcaster))
  const locked = mode === 'follower' && Boolean(broadcaster)
  const scenePath =
    locked && broadcaster ? normalizeScenePath(broadcaster.view.scenePath) : own.scenePath
  const camera = locked && broadcaster ? broadcaster.view.camera : own.camera
  return { mode, locked, scenePath, camera }
}
