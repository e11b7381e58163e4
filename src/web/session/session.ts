import { asyncScheduler, type Observable } from 'rxjs'
import { createStore, type Store } from '@streams/core/store'
import { roomEffects } from '@streams/effects'
import type { BoardAtStep } from '@streams/replay/board'
import type { Event } from '@streams/events'
import type { Deps } from '@streams/ports'
import { initialState, reduce, type State } from '@streams/projections'
import { createRecorder, type Recorder } from '@streams/recorder/recorder'
import { RestAdapter } from '../../adapters/rest/rest-adapter'
import { clientConfig } from '../app/api'
import { LazyBoard } from '../board/lazy-board'
import { followMode } from './mode'
import { createMediaLayer } from '../media/media-layer'
import type { MediaView } from '../media/media-view'
import { browserStorage } from './browser-storage'
import { routes } from './routes'
import { isPhone } from '../app/phone'

export interface Session {
  readonly store: Store<State, Event>
  readonly recorder: Recorder<State, Event>
  readonly dispatch: (event: Event) => void
  /** The whiteboard port; its adapter loads on the first join. */
  readonly board: LazyBoard
  /** Renders media into the UI's elements (tracks never enter the core). */
  readonly view: MediaView
  /**
   * A replayed session ([ROUTE-15], /replay): the screens show a recorded state and must not
   * navigate, fetch, or offer to export a log.
   */
  readonly replay?: boolean
  /** A replay's board at the cursor, from the log's recorded updates (null: none recorded). */
  readonly recordedBoard$?: Observable<BoardAtStep | null>
}

declare const __APP_VERSION__: string

/** A WebSocket URL of our server (the realtime service, the SFU signalling). */
function socketUrl(path: string): string {
  const { protocol, host } = window.location
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${path}`
}

/** One session per page: the bus with its live effects and adapters, and the recorder. */
export function createSession(): Session {
  const now = () => Date.now()
  const rest = new RestAdapter(routes, clientConfig)
  const current: { store?: Store<State, Event> } = {}
  const board = new LazyBoard(clientConfig, {
    // Agora mode: a room token carries its holder's rights, so a grant needs a new one.
    async credentials() {
      const roomId = current.store?.getState().room?.roomId
      if (!roomId) throw new Error('not in a room')
      return rest.loadBoard(roomId)
    },
  })
  // Messaging, media and devices for the server's mode (local WebRTC or Agora), chosen lazily.
  const layer = createMediaLayer({
    config: clientConfig,
    realtimeUrl: socketUrl('/rtm'),
    sfuUrl: socketUrl('/sfu'),
    // Agora mode: the Netless board's picture, published for the live and the recording.
    boardPicture: () => board.picture(),
  })
  const mode = followMode(clientConfig)
  const deps: Deps = {
    rest,
    messaging: layer.messaging,
    now,
    scheduler: asyncScheduler,
    newId: () => crypto.randomUUID(),
    random: Math.random,
    media: layer.media,
    board,
    devices: layer.devices,
    storage: browserStorage(),
    get mode() {
      return mode.current
    },
  }
  const store = createStore<State, Event, Deps>({
    initialState,
    reduce,
    now,
    effects: roomEffects,
    deps,
    effectFailed: (effect, error) => ({
      type: 'life/effectFailed',
      effect,
      message: error instanceof Error ? error.message : String(error),
    }),
  })
  current.store = store
  const recorder = createRecorder<State, Event>({
    envelope$: store.envelope$,
    initialState,
    reduce,
    app: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev',
    startedAt: now(),
  })
  store.dispatch({ type: 'life/appStarted', mobile: isPhone() })
  // The mode is the server's word: recorded once its configuration is read, not guessed at start.
  void mode.known.then((known) => store.dispatch({ type: 'life/modeKnown', mode: known }))
  return { store, recorder, dispatch: store.dispatch, board, view: layer.view }
}
