import { asyncScheduler } from 'rxjs'
import { createStore, type Store } from '../../../streams/core/store'
import { roomEffects } from '../../../streams/effects'
import type { Event } from '../../../streams/events'
import { idleBoard, idleDevices, idleMedia, memoryStorage, type Deps } from '../../../streams/ports'
import { initialState, reduce, type State } from '../../../streams/projections'
import { createRecorder, type Recorder } from '../../../streams/recorder/recorder'
import { LocalMessaging } from '../../adapters/local-messaging/local-messaging'
import { createHttp } from '../../adapters/rest/http'
import { RestAdapter } from '../../adapters/rest/rest-adapter'

export interface Session {
  readonly store: Store<State, Event>
  readonly recorder: Recorder<State, Event>
  readonly dispatch: (event: Event) => void
}

declare const __APP_VERSION__: string

function realtimeUrl(): string {
  const { protocol, host } = window.location
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/rtm`
}

/** One session per page: the bus with its live effects and adapters, and the recorder. */
export function createSession(): Session {
  const now = () => Date.now()
  const deps: Deps = {
    rest: new RestAdapter(createHttp()),
    messaging: new LocalMessaging(realtimeUrl()),
    now,
    scheduler: asyncScheduler,
    newId: () => crypto.randomUUID(),
    media: idleMedia(),
    board: idleBoard(),
    devices: idleDevices(),
    storage: memoryStorage(),
    mode: 'local',
  }
  const store = createStore<State, Event, Deps>({
    initialState,
    reduce,
    now,
    effects: roomEffects,
    deps,
  })
  const recorder = createRecorder<State, Event>({
    envelope$: store.envelope$,
    initialState,
    reduce,
    app: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev',
    startedAt: now(),
  })
  store.dispatch({
    type: 'life/appStarted',
    mobile: /Mobi|Android/i.test(navigator.userAgent),
    mode: deps.mode,
  })
  return { store, recorder, dispatch: store.dispatch }
}
