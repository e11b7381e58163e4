import { Subject, type Observable } from 'rxjs'
import type { Event } from '@streams/events'
import type { DevicesPort } from '@streams/ports'
import type { DeviceInfo } from '@streams/wire/media'
import { diffDevices, toDeviceList } from './device-list'

type Source = Pick<MediaDevices, 'enumerateDevices' | 'addEventListener' | 'removeEventListener'>

/**
 * The devices port over navigator.mediaDevices: the list on demand, and hot-plug as facts
 * ('device/plugged', 'device/unplugged', 'device/listChanged') from the devicechange event.
 */
export class BrowserDevices implements DevicesPort {
  private readonly subject = new Subject<Event>()
  readonly events$: Observable<Event> = this.subject.asObservable()
  private known: DeviceInfo[] | undefined
  private readonly onChange = () => void this.refresh()

  constructor(
    private readonly source: Source = navigator.mediaDevices,
    permissions: Pick<Permissions, 'query'> | null = navigator.permissions ?? null,
  ) {
    source.addEventListener('devicechange', this.onChange)
    // Ids and labels appear once camera or microphone access is granted: look again then.
    for (const name of ['camera', 'microphone'] as const)
      permissions
        ?.query({ name: name as PermissionName })
        .then((status) => status.addEventListener('change', this.onChange))
        .catch(() => undefined)
  }

  async list(): Promise<readonly DeviceInfo[]> {
    try {
      const list = toDeviceList(await this.source.enumerateDevices())
      // A fresh look, not a hot-plug: ids and labels appear once a permission is granted, so a
      // difference is reported as the new list only, never as devices plugged in.
      const changed = JSON.stringify(this.known ?? []) !== JSON.stringify(list)
      this.known = list
      if (changed) this.subject.next({ type: 'device/listChanged', devices: list })
      return list
    } catch (error) {
      this.subject.next({
        type: 'device/listFailed',
        message: error instanceof Error ? error.message : String(error),
      })
      return this.known ?? []
    }
  }

  close(): void {
    this.source.removeEventListener('devicechange', this.onChange)
  }

  private async refresh(): Promise<void> {
    const before = this.known
    let after: DeviceInfo[]
    try {
      after = toDeviceList(await this.source.enumerateDevices())
    } catch (error) {
      this.subject.next({
        type: 'device/listFailed',
        message: error instanceof Error ? error.message : String(error),
      })
      return
    }
    this.known = after
    // Devices seen without ids (before a permission) are not devices plugged in or out now.
    if (!before || before.some((d) => d.deviceId === '')) {
      this.subject.next({ type: 'device/listChanged', devices: after })
      return
    }
    for (const event of diffDevices(before, after)) this.subject.next(event)
  }
}
