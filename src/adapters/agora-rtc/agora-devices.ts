import type { DeviceInfo as AgoraDeviceInfo, IAgoraRTC } from 'agora-rtc-sdk-ng'
import { Subject, type Observable } from 'rxjs'
import type { Event } from '@streams/events'
import type { DevicesPort } from '@streams/ports'
import type { DeviceInfo } from '@streams/wire/media'

/** The browser's device entries as the core's list (the devices adapter's mapping, injected). */
export type ToDeviceList = (devices: readonly MediaDeviceInfo[]) => DeviceInfo[]

/**
 * The devices port in Agora mode: the SDK's device list, and its hot-plug callbacks
 * (onCameraChanged, onMicrophoneChanged, onPlaybackDeviceChanged) as 'device/…' facts.
 */
export class AgoraDevices implements DevicesPort {
  private readonly subject = new Subject<Event>()
  readonly events$: Observable<Event> = this.subject.asObservable()
  private sdk: Promise<IAgoraRTC> | undefined

  constructor(
    private readonly load: () => Promise<IAgoraRTC>,
    private readonly toDeviceList: ToDeviceList,
  ) {}

  async list(): Promise<readonly DeviceInfo[]> {
    try {
      const sdk = await this.ready()
      return this.toDeviceList(await sdk.getDevices(true))
    } catch (error) {
      this.subject.next({
        type: 'device/listFailed',
        message: error instanceof Error ? error.message : String(error),
      })
      return []
    }
  }

  private ready(): Promise<IAgoraRTC> {
    this.sdk ??= this.load().then((sdk) => {
      const changed = (info: AgoraDeviceInfo) => void this.changed(info)
      sdk.onCameraChanged = changed
      sdk.onMicrophoneChanged = changed
      sdk.onPlaybackDeviceChanged = changed
      return sdk
    })
    return this.sdk
  }

  private async changed(info: AgoraDeviceInfo): Promise<void> {
    const [device] = this.toDeviceList([info.device])
    if (device)
      this.subject.next({
        type: info.state === 'ACTIVE' ? 'device/plugged' : 'device/unplugged',
        device,
      })
    const sdk = await this.ready()
    const devices = this.toDeviceList(await sdk.getDevices(true).catch(() => []))
    this.subject.next({ type: 'device/listChanged', devices })
  }
}
