import type { IAgoraRTC } from 'agora-rtc-sdk-ng'
import { defer, of, shareReplay, switchMap, type Observable } from 'rxjs'
import type { Event } from '@streams/events'
import type { DevicesPort, MediaPort, MessagingPort } from '@streams/ports'
import type { LoadBoardPicture } from '../../adapters/agora-rtc/agora-board-stage'
import type { MediaView } from './media-view'

/** What the media layer needs to know of the deployment (`/api/config`). */
export interface MediaConfig {
  readonly mode: 'local' | 'agora'
  /** Agora mode: the app id the SDKs use. */
  readonly agoraAppId?: string
  /** Local mode: STUN/TURN servers; none means host candidates only. */
  readonly iceServers?: RTCIceServer[]
  /** Local mode: the media engine, the Janus SFU or the peer-to-peer mesh (absent: the mesh). */
  readonly media?: 'sfu' | 'mesh'
}

export interface MediaLayer {
  readonly messaging: MessagingPort
  readonly media: MediaPort
  readonly devices: DevicesPort
  readonly view: MediaView
}

type Ports = {
  messaging: MessagingPort
  media: MediaPort & Omit<MediaView, 'talking$'> & Partial<Pick<MediaView, 'talking$'>>
  devices: DevicesPort
}

/**
 * The messaging, media and devices ports for the deployment's mode, chosen when the
 * configuration arrives: the local adapters (WebRTC over our realtime service), or the Agora ones.
 * Each adapter is loaded by dynamic import, and the Agora SDKs only on their first use, so the
 * first bundle holds no SDK. Until the choice is made, calls wait for it.
 */
export function createMediaLayer(options: {
  readonly config: () => Promise<MediaConfig>
  readonly realtimeUrl: string
  /** The SFU signalling WebSocket (local mode with the SFU). */
  readonly sfuUrl: string
  /** Agora mode: the shared board's picture, from the board adapter (published as a stage). */
  readonly boardPicture?: LoadBoardPicture
}): MediaLayer {
  let chosen: Ports | undefined
  const ports = defer(
    async () => (chosen = await choose(await options.config().catch(local), options)),
  ).pipe(shareReplay(1))
  const ready = () =>
    new Promise<Ports>((resolve, reject) => ports.subscribe({ next: resolve, error: reject }))
  return {
    messaging: lazy(ready, (p) => p.messaging),
    media: lazy(ready, (p) => p.media),
    devices: lazy(ready, (p) => p.devices),
    view: {
      videoUids$: ports.pipe(switchMap((p) => p.media.videoUids$)),
      talking$: ports.pipe(switchMap((p) => p.media.talking$ ?? of(new Set<string>()))),
      attachVideo: (uid, container, fit) =>
        chosen?.media.attachVideo(uid, container, fit) ?? (() => undefined),
    },
  }
}

const local = (): MediaConfig => ({ mode: 'local' })

async function choose(
  config: MediaConfig,
  urls: {
    readonly realtimeUrl: string
    readonly sfuUrl: string
    readonly boardPicture?: LoadBoardPicture
  },
): Promise<Ports> {
  if (config.mode === 'agora') {
    const [{ AgoraMessaging }, { AgoraMedia }, { AgoraDevices }, { toDeviceList }] =
      await Promise.all([
        import('../../adapters/agora-rtm/agora-messaging'),
        import('../../adapters/agora-rtc/agora-media'),
        import('../../adapters/agora-rtc/agora-devices'),
        import('../../adapters/devices/device-list'),
      ])
    // The SDKs load only after Join: the entry's messaging login loads the RTM SDK and fetches
    // the RTC SDK beside it (the media join that follows needs it); the device list uses the RTC
    // SDK only once loaded (before, the browser's list).
    let rtcLoaded: (sdk: IAgoraRTC) => void = () => undefined
    const loaded = new Promise<IAgoraRTC>((resolve) => (rtcLoaded = resolve))
    const loadRtc = () =>
      import('agora-rtc-sdk-ng').then((m) => {
        rtcLoaded(m.default)
        return m.default
      })
    const loadRtm = () => {
      void loadRtc().catch(() => undefined)
      return import('agora-rtm-sdk').then((m) => m.default)
    }
    return {
      messaging: new AgoraMessaging(config.agoraAppId ?? '', { load: loadRtm }),
      media: new AgoraMedia({
        load: loadRtc,
        autoSubscribe: true,
        boardPicture: urls.boardPicture,
      }),
      devices: new AgoraDevices(loaded, toDeviceList),
    }
  }
  // AI noise reduction: the RNNoise worklet loads when first switched on.
  const noise = (track: MediaStreamTrack) =>
    import('../../adapters/noise/rnnoise').then((m) => m.createNoiseSuppressor(track))
  const [{ LocalMessaging }, { BrowserDevices }] = await Promise.all([
    import('../../adapters/local-messaging/local-messaging'),
    import('../../adapters/devices/browser-devices'),
  ])
  const messaging = new LocalMessaging(urls.realtimeUrl)
  if (config.media === 'sfu') {
    const { SfuMedia } = await import('../../adapters/sfu-media/sfu-media')
    return {
      messaging,
      media: new SfuMedia({ url: urls.sfuUrl, iceServers: config.iceServers ?? [], noise }),
      devices: new BrowserDevices(),
    }
  }
  const { LocalMedia } = await import('../../adapters/local-media/local-media')
  return {
    messaging,
    media: new LocalMedia({
      link: messaging,
      iceServers: config.iceServers ?? [],
      noise,
      // Until the core subscribes per tile, every publication is received at the high quality.
      autoSubscribe: true,
    }),
    devices: new BrowserDevices(),
  }
}

/**
 * A port whose adapter is chosen later: `events$` follows the chosen adapter's, every call waits
 * for the choice.
 */
function lazy<T extends { readonly events$: Observable<Event> }>(
  ready: () => Promise<Ports>,
  pick: (ports: Ports) => T,
): T {
  const events$ = defer(ready).pipe(switchMap((p) => pick(p).events$))
  return new Proxy({} as T, {
    get(_, name) {
      if (name === 'events$') return events$
      // Not a thenable, and no symbol protocol: only the port's methods.
      if (name === 'then' || typeof name === 'symbol') return undefined
      return (...args: unknown[]) =>
        ready().then((p) => {
          const port = pick(p) as unknown as Record<string | symbol, (...a: unknown[]) => unknown>
          const method = port[name]
          if (typeof method !== 'function') throw new Error(`no ${String(name)} on the port`)
          return method.apply(port, args)
        })
    },
  })
}
