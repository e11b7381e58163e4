import { vi } from 'vitest'

type Listener = (...args: any[]) => void

/** An event emitter like the SDK's: on, off, and emit for the test to fire callbacks. */
class Emitter {
  private readonly listeners = new Map<string, Set<Listener>>()
  on = vi.fn((name: string, f: Listener) => {
    let set = this.listeners.get(name)
    if (!set) this.listeners.set(name, (set = new Set()))
    set.add(f)
  })
  off = vi.fn((name: string, f: Listener) => void this.listeners.get(name)?.delete(f))
  emit(name: string, ...args: unknown[]): void {
    for (const f of this.listeners.get(name) ?? []) f(...args)
  }
  count(name: string): number {
    return this.listeners.get(name)?.size ?? 0
  }
}

export class FakeTrack extends Emitter {
  close = vi.fn()
  play = vi.fn()
  stop = vi.fn()
  setDevice = vi.fn(async (_id: string) => undefined)
  setEncoderConfiguration = vi.fn(async (_c: unknown) => undefined)
  setVolume = vi.fn()
  setPlaybackDevice = vi.fn(async (_id: string) => undefined)
  pipe = vi.fn((p: unknown) => p)
  processorDestination = {}
  constructor(readonly config?: unknown) {
    super()
  }
}

export class FakeClient extends Emitter {
  remoteUsers: { uid: number | string; audioTrack?: FakeTrack; videoTrack?: FakeTrack }[] = []
  join = vi.fn(async (..._args: unknown[]) => 1)
  leave = vi.fn(async () => undefined)
  publish = vi.fn(async (_t: unknown) => undefined)
  unpublish = vi.fn(async (_t: unknown) => undefined)
  subscribe = vi.fn(async (user: { uid: number | string }, kind: string) => {
    const remote = this.remoteUsers.find((u) => u.uid === user.uid)
    if (remote && kind === 'audio') remote.audioTrack = new FakeTrack()
    if (remote && kind === 'video') remote.videoTrack = new FakeTrack()
  })
  unsubscribe = vi.fn(async (..._args: unknown[]) => undefined)
  setClientRole = vi.fn(async (_r: string) => undefined)
  enableDualStream = vi.fn(async () => undefined)
  setLowStreamParameter = vi.fn()
  setRemoteVideoStreamType = vi.fn(async (..._args: unknown[]) => undefined)
  renewToken = vi.fn(async (_t: string) => undefined)
  remoteQuality: Record<string, { uplinkNetworkQuality: number; downlinkNetworkQuality: number }> =
    {}
  getRemoteNetworkQuality = vi.fn(() => this.remoteQuality)
  constructor(readonly config: unknown) {
    super()
  }
}

/** The SDK's default export, as far as the adapters use it. */
export function fakeAgoraRtc() {
  const clients: FakeClient[] = []
  const sdk = {
    clients,
    createClient: vi.fn((config: unknown) => {
      const client = new FakeClient(config)
      clients.push(client)
      return client
    }),
    createMicrophoneAudioTrack: vi.fn(async (config: unknown) => new FakeTrack(config)),
    createCameraVideoTrack: vi.fn(async (config: unknown) => new FakeTrack(config)),
    createScreenVideoTrack: vi.fn(async (config: unknown, _audio: string) => new FakeTrack(config)),
    getDevices: vi.fn(async (_skip?: boolean) => [] as MediaDeviceInfo[]),
    registerExtensions: vi.fn(),
    onCameraChanged: undefined as undefined | ((info: unknown) => void),
    onMicrophoneChanged: undefined as undefined | ((info: unknown) => void),
    onPlaybackDeviceChanged: undefined as undefined | ((info: unknown) => void),
  }
  return sdk
}
