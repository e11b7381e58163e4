import type { DeviceInfo, DeviceKind } from '../wire/media'

/** Device facts: the lists, and hot-plug changes ([TRACK-3] to [TRACK-5]). */
export type DeviceEvent =
  | { readonly type: 'device/listChanged'; readonly devices: readonly DeviceInfo[] }
  | { readonly type: 'device/plugged'; readonly device: DeviceInfo }
  | { readonly type: 'device/unplugged'; readonly device: DeviceInfo }
  | { readonly type: 'device/listFailed'; readonly kind?: DeviceKind; readonly message: string }
  /** The media layer now uses this device. */
  | { readonly type: 'device/switched'; readonly kind: DeviceKind; readonly deviceId: string }
  | {
      readonly type: 'device/switchFailed'
      readonly kind: DeviceKind
      readonly deviceId: string
      readonly message: string
    }
