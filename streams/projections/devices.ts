import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import type { DeviceInfo } from '../wire/media'
import type { State } from './state'
import type { DevicesState } from './state/devices'
export type { DevicesState } from './state/devices'

export const initialDevices: DevicesState = {
  list: [],
  chosen: { camera: '', microphone: '', speaker: '' },
}

/** [TRACK-3] virtual devices (virtual cameras, loopback audio) are never switched to. */
export function isVirtualDevice(device: DeviceInfo): boolean {
  return (
    device.virtual === true ||
    /virtual|obs|loopback|blackhole|vb-audio|soundflower/i.test(device.label)
  )
}

/** [TRACK-5] when the chosen device is gone, fall back to the first of its kind. */
function fallBack(list: readonly DeviceInfo[], chosen: DevicesState['chosen']) {
  let next = chosen
  for (const kind of ['camera', 'microphone', 'speaker'] as const) {
    const current = chosen[kind]
    if (current !== '' && list.some((d) => d.kind === kind && d.deviceId === current)) continue
    const first = list.find((d) => d.kind === kind)?.deviceId ?? ''
    if (first !== current) next = { ...next, [kind]: first }
  }
  return next
}

export const devicesProjection = defineProjection<DevicesState, Event, State>(initialDevices, {
  'device/listChanged': (d, e) => ({ list: e.devices, chosen: fallBack(e.devices, d.chosen) }),
  // [TRACK-3] a newly active device is switched to, unless it is virtual
  'device/plugged': (d, e) => {
    const list = [...d.list.filter((x) => x.deviceId !== e.device.deviceId), e.device]
    const chosen = isVirtualDevice(e.device)
      ? fallBack(list, d.chosen)
      : { ...d.chosen, [e.device.kind]: e.device.deviceId }
    return { list, chosen }
  },
  // [TRACK-5] the current device removed: the first device
  'device/unplugged': (d, e) => {
    const list = d.list.filter((x) => x.deviceId !== e.device.deviceId || x.kind !== e.device.kind)
    return { list, chosen: fallBack(list, d.chosen) }
  },
  'ui/deviceChosen': (d, e) => ({ ...d, chosen: { ...d.chosen, [e.kind]: e.deviceId } }),
  'device/switched': (d, e) =>
    d.chosen[e.kind] === e.deviceId ? d : { ...d, chosen: { ...d.chosen, [e.kind]: e.deviceId } },
})
