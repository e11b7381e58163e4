import type { DeviceInfo, DeviceKind } from '../../wire/media'

/** Device lists and the chosen devices (spec §3 "mediaDevice"); kept on exit ([EXIT-1]). */
export interface DevicesState {
  readonly list: readonly DeviceInfo[]
  readonly chosen: { readonly [K in DeviceKind]: string }
}
