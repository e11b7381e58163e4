import type { DeviceEvent } from '@streams/events'
import type { DeviceInfo, DeviceKind } from '@streams/wire/media'

const KINDS: Readonly<Record<MediaDeviceKind, DeviceKind>> = {
  videoinput: 'camera',
  audioinput: 'microphone',
  audiooutput: 'speaker',
}

/**
 * Software devices by their usual labels: virtual cameras (OBS, ManyCam, Snap, XSplit, …) and
 * audio loopbacks (VB-Audio, BlackHole, Soundflower, Voicemeeter, …).
 */
const VIRTUAL =
  /virtual|\bobs\b|manycam|snap camera|xsplit|e2esoft|splitcam|camtwist|mmhmm|vb-audio|voicemeeter|blackhole|soundflower|loopback|cable (input|output)|stereo mix|pulse(audio)? monitor|monitor of/i

export function isVirtual(label: string): boolean {
  return VIRTUAL.test(label)
}

/**
 * The browser's device list as the core sees it: cameras, microphones and speakers, each marked
 * virtual or not. Chrome's 'default' and 'communications' entries repeat a real device and are
 * left out, so the first of a kind is a real device ([TRACK-5] falls back to it).
 * Entries without an id (no permission yet) are kept once a kind.
 */
export function toDeviceList(devices: readonly MediaDeviceInfo[]): DeviceInfo[] {
  const list: DeviceInfo[] = []
  for (const d of devices) {
    if (!d.deviceId && list.some((x) => x.deviceId === '' && x.kind === KINDS[d.kind])) continue
    const kind = KINDS[d.kind]
    // Before any permission Chrome lists one device a kind without id or label: kept, so the
    // core knows a camera or microphone exists ([TRACK-6]); the ids come with the permission.
    if (!kind || d.deviceId === 'default' || d.deviceId === 'communications') continue
    const label = d.label
    list.push(
      isVirtual(label)
        ? { deviceId: d.deviceId, label, kind, virtual: true }
        : { deviceId: d.deviceId, label, kind },
    )
  }
  return list
}

const key = (d: DeviceInfo) => `${d.kind}:${d.deviceId}`

/**
 * The facts of a hot-plug (devicechange): each device that appeared ('device/plugged'), each that went
 * ('device/unplugged'), then the new list. The rules that follow ([TRACK-3] to [TRACK-5]) are the
 * core's.
 */
export function diffDevices(
  before: readonly DeviceInfo[],
  after: readonly DeviceInfo[],
): DeviceEvent[] {
  const old = new Set(before.map(key))
  const now = new Set(after.map(key))
  const events: DeviceEvent[] = []
  for (const d of before) if (!now.has(key(d))) events.push({ type: 'device/unplugged', device: d })
  for (const d of after) if (!old.has(key(d))) events.push({ type: 'device/plugged', device: d })
  if (events.length > 0 || JSON.stringify(before) !== JSON.stringify(after))
    events.push({ type: 'device/listChanged', devices: after })
  return events
}
