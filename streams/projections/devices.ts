import { castDraft, produce, type Draft } from 'immer'
import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import type { DeviceInfo } from '../wire/media'
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

/**
 * [TRACK-5] when the chosen device is gone, fall back to the first of its kind. On a draft
 * (Immer): a kind whose choice stays writes nothing, so a list that changes no choice keeps
 * `chosen` as it was.
 */
function fallBack(draft: Draft<DevicesState>): void {
  for (const kind of ['camera', 'microphone', 'speaker'] as const) {
    const current = draft.chosen[kind]
    if (current !== '' && draft.list.some((d) => d.kind === kind && d.deviceId === current))
      continue
    draft.chosen[kind] = draft.list.find((d) => d.kind === kind)?.deviceId ?? ''
  }
}

export const devicesProjection = defineProjection<DevicesState, Event>(initialDevices, {
  'device/listChanged': (d, e) =>
    produce(d, (draft) => {
      draft.list = castDraft(e.devices)
      fallBack(draft)
    }),
  // [TRACK-3] a newly active device is switched to, unless it is virtual
  'device/plugged': (d, e) =>
    produce(d, (draft) => {
      draft.list = [...d.list.filter((x) => x.deviceId !== e.device.deviceId), e.device]
      if (isVirtualDevice(e.device)) fallBack(draft)
      else draft.chosen[e.device.kind] = e.device.deviceId
    }),
  // [TRACK-5] the current device removed: the first device
  'device/unplugged': (d, e) =>
    produce(d, (draft) => {
      draft.list = d.list.filter(
        (x) => x.deviceId !== e.device.deviceId || x.kind !== e.device.kind,
      )
      fallBack(draft)
    }),
  'ui/deviceChosen': (d, e) =>
    produce(d, (draft) => {
      draft.chosen[e.kind] = e.deviceId
    }),
  'device/switched': (d, e) =>
    produce(d, (draft) => {
      draft.chosen[e.kind] = e.deviceId
    }),
})
