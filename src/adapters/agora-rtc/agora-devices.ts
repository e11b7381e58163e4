import type { DeviceInfo as AgoraDeviceInfo, IAgoraRTC } from 'agora-rtc-sdk-ng'
import { Subject, type Observable } from 'rxjs'
import type { Event } from '@streams/events'
import type { DevicesPort } from '@streams/ports'
import type { DeviceInfo } from '@streams/wire/media'

/** The browser's device entries as the core's list (the devices adapter's mapping, injected). */
export type ToDeviceList = (devices: readonly MediaDeviceInfo[]) => DeviceInfo[]

/**
 * The devices port in Agora mode: the SDK's device list, and its hot-plug callbacks
 * (onCameraChanged, onMicrophoneChanged, onPlaybackDeviceChanged) as 'device/…' facts. The SDK is
 * never loaded for a device list: until the media adapter has loaded it (a join), the list is
 * the browser's own (`enumerate`, what the SDK reads too); once `loaded` settles, the callbacks
 * are bound and the SDK's list is reported (device/listChanged).
 */
export class AgoraDevices implements DevicesPort {
  private readonly subject = new Subject<Event>()
  readonly events$: Observable<Event> = this.subject.asObservable()
  private sdk: IAgoraRTC | undefined

  constructor(
    loaded: Promise<IAgoraRTC>,
    private readonly toDeviceList: ToDeviceList,
    private readonly enumerate: () => Promise<MediaDeviceInfo[]> = () =>
      navigator.mediaDevices.enumerateDevices(),
  ) {
    loaded.then(
      (sdk) => this.bind(sdk),
      () => undefined,
    )
  }

  async list(): Promise<readonly DeviceInfo[]> {
    try {
      const devices = this.sdk ? await this.sdk.getDevices(true) : await this.enumerate()
      return this.toDeviceList(devices)
    } catch (error) {
      this.subject.next({
        type: 'device/listFailed',
        message: error instanceof Error ? error.message : String(error),
      })
      return []
    }
  }

  private bind(sdk: IAgoraRTC): void {
    this.sdk = sdk
    const changed = (info: AgoraDeviceInfo) => void this.changed(sdk, info)
    sdk.onCameraChanged = changed
    sdk.onMicrophoneChanged = changed
    sdk.onPlaybackDeviceChanged = changed
    void this.relist(sdk)
  }

  private async changed(sdk: IAgoraRTC, info: AgoraDeviceInfo): Promise<void> {
    const [device] = this.toDeviceList([info.device])
    if (device)
      this.subject.next({
        type: info.state === 'ACTIVE' ? 'device/plugged' : 'device/unplugged',
        device,
      })
    await this.relist(sdk)
  }

  private async relist(sdk: IAgoraRTC): Promise<void> {
    const devices = this.toDeviceList(await sdk.getDevices(true).catch(() => []))
    this.subject.next({ type: 'device/listChanged', devices })
  }
}
