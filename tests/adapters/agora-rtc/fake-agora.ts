import type {
  IAgoraRTC,
  IAgoraRTCClient,
  IAgoraRTCRemoteUser,
  ICameraVideoTrack,
  ILocalAudioTrack,
  ILocalVideoTrack,
  IMicrophoneAudioTrack,
  IRemoteAudioTrack,
  IRemoteVideoTrack,
  NetworkQuality,
  UID,
} from 'agora-rtc-sdk-ng'
import { vi } from 'vitest'
import { SdkEmitter } from './sdk-events'

/**
 * agora-rtc-sdk-ng replaced by typed fakes. Each fake `implements Pick<SdkInterface, …>` of the
 * members the adapters use, and each `vi.fn` carries the SDK's own signature, so a fake (or a
 * test's `mockImplementation`) that disagrees with the SDK does not compile. Members that answer
 * SDK objects (createClient, createMicrophoneAudioTrack, subscribe…) take the SDK's own
 * parameters and answer the fakes below. `emit` fires the events the SDK's `on` overloads name,
 * with their listener arguments (a remote user is a FakeRemoteUser).
 */

type Sdk = IAgoraRTC
type Client = IAgoraRTCClient

export class FakeRemoteAudioTrack
  extends SdkEmitter<IRemoteAudioTrack['on']>
  implements
    Pick<
      IRemoteAudioTrack,
      'play' | 'stop' | 'setVolume' | 'setPlaybackDevice' | 'getMediaStreamTrack'
    >
{
  /** The browser's track under it (what a live language mix takes in). */
  readonly mediaStreamTrack = { kind: 'audio', id: 'remote-audio' } as MediaStreamTrack
  getMediaStreamTrack = vi.fn<IRemoteAudioTrack['getMediaStreamTrack']>(() => this.mediaStreamTrack)
  play = vi.fn<IRemoteAudioTrack['play']>()
  stop = vi.fn<IRemoteAudioTrack['stop']>()
  setVolume = vi.fn<IRemoteAudioTrack['setVolume']>()
  setPlaybackDevice = vi.fn<IRemoteAudioTrack['setPlaybackDevice']>(async () => undefined)
}

export class FakeRemoteVideoTrack
  extends SdkEmitter<IRemoteVideoTrack['on']>
  implements Pick<IRemoteVideoTrack, 'play' | 'stop'>
{
  play = vi.fn<IRemoteVideoTrack['play']>()
  stop = vi.fn<IRemoteVideoTrack['stop']>()
}

/** A remote user as the client lists it, with fake tracks once subscribed. */
export interface FakeRemoteUser extends Pick<IAgoraRTCRemoteUser, 'uid' | 'hasAudio' | 'hasVideo'> {
  audioTrack?: FakeRemoteAudioTrack
  videoTrack?: FakeRemoteVideoTrack
}

export function remoteUser(
  uid: UID,
  has: { audio?: boolean; video?: boolean } = {},
): FakeRemoteUser {
  return { uid, hasAudio: has.audio ?? false, hasVideo: has.video ?? false }
}

export class FakeMicrophoneTrack
  extends SdkEmitter<IMicrophoneAudioTrack['on']>
  implements
    Pick<
      IMicrophoneAudioTrack,
      'close' | 'play' | 'stop' | 'setDevice' | 'pipe' | 'getMediaStreamTrack'
    >
{
  readonly mediaStreamTrack = { kind: 'audio', id: 'microphone' } as MediaStreamTrack
  getMediaStreamTrack = vi.fn<IMicrophoneAudioTrack['getMediaStreamTrack']>(
    () => this.mediaStreamTrack,
  )
  close = vi.fn<IMicrophoneAudioTrack['close']>()
  play = vi.fn<IMicrophoneAudioTrack['play']>()
  stop = vi.fn<IMicrophoneAudioTrack['stop']>()
  setDevice = vi.fn<IMicrophoneAudioTrack['setDevice']>(async () => undefined)
  pipe = vi.fn<IMicrophoneAudioTrack['pipe']>((processor) => processor)
  /** Compared by identity only: where the denoiser's output goes back into the track. */
  readonly processorDestination = Object.freeze({ kind: 'processorDestination' })
  constructor(readonly config: Parameters<Sdk['createMicrophoneAudioTrack']>[0]) {
    super()
  }
}

export class FakeCameraTrack
  extends SdkEmitter<ICameraVideoTrack['on']>
  implements
    Pick<ICameraVideoTrack, 'close' | 'play' | 'stop' | 'setDevice' | 'setEncoderConfiguration'>
{
  close = vi.fn<ICameraVideoTrack['close']>()
  play = vi.fn<ICameraVideoTrack['play']>()
  stop = vi.fn<ICameraVideoTrack['stop']>()
  setDevice = vi.fn<ICameraVideoTrack['setDevice']>(async () => undefined)
  setEncoderConfiguration = vi.fn<ICameraVideoTrack['setEncoderConfiguration']>(
    async () => undefined,
  )
  constructor(readonly config: Parameters<Sdk['createCameraVideoTrack']>[0]) {
    super()
  }
}

export class FakeScreenTrack
  extends SdkEmitter<ILocalVideoTrack['on']>
  implements Pick<ILocalVideoTrack, 'close' | 'play' | 'stop' | 'setEncoderConfiguration'>
{
  close = vi.fn<ILocalVideoTrack['close']>()
  play = vi.fn<ILocalVideoTrack['play']>()
  stop = vi.fn<ILocalVideoTrack['stop']>()
  setEncoderConfiguration = vi.fn<ILocalVideoTrack['setEncoderConfiguration']>(
    async () => undefined,
  )
  constructor(readonly config: Parameters<Sdk['createScreenVideoTrack']>[0]) {
    super()
  }
}

/** A custom video track (a stage's canvas capture), made from the browser's track. */
export class FakeCustomVideoTrack
  extends SdkEmitter<ILocalVideoTrack['on']>
  implements Pick<ILocalVideoTrack, 'close' | 'getMediaStreamTrack'>
{
  close = vi.fn<ILocalVideoTrack['close']>()
  getMediaStreamTrack = vi.fn<ILocalVideoTrack['getMediaStreamTrack']>(
    () => this.config.mediaStreamTrack,
  )
  constructor(readonly config: Parameters<Sdk['createCustomVideoTrack']>[0]) {
    super()
  }
}

/** A custom audio track (a stage's sound mix), made from the browser's track. */
export class FakeCustomAudioTrack
  extends SdkEmitter<ILocalAudioTrack['on']>
  implements Pick<ILocalAudioTrack, 'close' | 'getMediaStreamTrack'>
{
  close = vi.fn<ILocalAudioTrack['close']>()
  getMediaStreamTrack = vi.fn<ILocalAudioTrack['getMediaStreamTrack']>(
    () => this.config.mediaStreamTrack,
  )
  constructor(readonly config: Parameters<Sdk['createCustomAudioTrack']>[0]) {
    super()
  }
}

/** The client members whose answers are plain values: exactly the SDK's signatures. */
type ClientCalls =
  | 'join'
  | 'leave'
  | 'setClientRole'
  | 'enableDualStream'
  | 'setLowStreamParameter'
  | 'setRemoteVideoStreamType'
  | 'renewToken'
  | 'getRemoteNetworkQuality'
  | 'setLiveTranscoding'
  | 'startLiveStreaming'
  | 'stopLiveStreaming'

export class FakeClient
  extends SdkEmitter<Client['on'], [IAgoraRTCRemoteUser, FakeRemoteUser]>
  implements Pick<Client, ClientCalls>
{
  remoteUsers: FakeRemoteUser[] = []
  /** What getRemoteNetworkQuality answers. */
  remoteQuality: Record<string, NetworkQuality> = {}
  join = vi.fn<Client['join']>(async (_appId, _channel, _token, uid) => uid ?? 1)
  leave = vi.fn<Client['leave']>(async () => undefined)
  setClientRole = vi.fn<Client['setClientRole']>(async () => undefined)
  enableDualStream = vi.fn<Client['enableDualStream']>(async () => undefined)
  setLowStreamParameter = vi.fn<Client['setLowStreamParameter']>()
  setRemoteVideoStreamType = vi.fn<Client['setRemoteVideoStreamType']>(async () => undefined)
  renewToken = vi.fn<Client['renewToken']>(async () => undefined)
  getRemoteNetworkQuality = vi.fn<Client['getRemoteNetworkQuality']>(() => this.remoteQuality)
  setLiveTranscoding = vi.fn<Client['setLiveTranscoding']>(async () => undefined)
  startLiveStreaming = vi.fn<Client['startLiveStreaming']>(async () => undefined)
  stopLiveStreaming = vi.fn<Client['stopLiveStreaming']>(async () => undefined)
  /** publish and unpublish take the SDK's track parameters (the adapter hands fakes). */
  publish = vi.fn(async (_tracks: Parameters<Client['publish']>[0]) => undefined)
  unpublish = vi.fn(async (_tracks?: Parameters<Client['unpublish']>[0]) => undefined)
  /** Subscribing gives the listed remote user a fake track of the kind, as the SDK does. */
  subscribe = vi.fn(
    async (...[user, kind]: Parameters<Client['subscribe']>): Promise<undefined> => {
      const uid = typeof user === 'object' ? user.uid : user
      const remote = this.remoteUsers.find((u) => u.uid === uid)
      if (remote && kind === 'audio') remote.audioTrack = new FakeRemoteAudioTrack()
      if (remote && kind === 'video') remote.videoTrack = new FakeRemoteVideoTrack()
      return undefined
    },
  )
  unsubscribe = vi.fn<Client['unsubscribe']>(async () => undefined)
  constructor(readonly config: Parameters<Sdk['createClient']>[0]) {
    super()
  }
}

/** The device callbacks the adapters set on the SDK: exactly the SDK's own types. */
type SdkCallbacks = Pick<Sdk, 'onCameraChanged' | 'onMicrophoneChanged' | 'onPlaybackDeviceChanged'>

/** The SDK's default export, as far as the adapters use it. */
export function fakeAgoraRtc() {
  const clients: FakeClient[] = []
  const callbacks: SdkCallbacks = {}
  const calls = {
    getDevices: vi.fn<Sdk['getDevices']>(async () => []),
    registerExtensions: vi.fn<Sdk['registerExtensions']>(),
  } satisfies Pick<Sdk, 'getDevices' | 'registerExtensions'>
  return Object.assign(callbacks, calls, {
    clients,
    createClient: vi.fn((config: Parameters<Sdk['createClient']>[0]) => {
      const client = new FakeClient(config)
      clients.push(client)
      return client
    }),
    createMicrophoneAudioTrack: vi.fn(
      async (config?: Parameters<Sdk['createMicrophoneAudioTrack']>[0]) =>
        new FakeMicrophoneTrack(config),
    ),
    createCameraVideoTrack: vi.fn(
      async (config?: Parameters<Sdk['createCameraVideoTrack']>[0]) => new FakeCameraTrack(config),
    ),
    createCustomVideoTrack: vi.fn(
      (config: Parameters<Sdk['createCustomVideoTrack']>[0]) => new FakeCustomVideoTrack(config),
    ),
    createCustomAudioTrack: vi.fn(
      (config: Parameters<Sdk['createCustomAudioTrack']>[0]) => new FakeCustomAudioTrack(config),
    ),
    createScreenVideoTrack: vi.fn(
      async (...[config]: Parameters<Sdk['createScreenVideoTrack']>) => new FakeScreenTrack(config),
    ),
  })
}

export type FakeAgoraRtc = ReturnType<typeof fakeAgoraRtc>
