import { describe, expect, it, vi } from 'vitest'
import { toDeviceList } from '../../../src/adapters/devices/device-list'
import type { Event } from '@streams/events'
import { fakeAgoraRtc } from './fake-agora'

const sdk = vi.hoisted(() => ({ current: undefined as unknown }))
vi.mock('agora-rtc-sdk-ng', () => ({
  get default() {
    return sdk.current
  },
}))

const { AgoraDevices } = await import('../../../src/adapters/agora-rtc/agora-devices')

const info = (kind: MediaDeviceKind, deviceId: string, label: string) =>
  ({ kind, deviceId, label, groupId: 'g', toJSON: () => ({}) }) as MediaDeviceInfo

describe('AgoraDevices: the SDK device callbacks as device facts', () => {
  it('[TRACK-3] [TRACK-5] onCameraChanged, onMicrophoneChanged and onPlaybackDeviceChanged become device/plugged and device/unplugged, then the list', async () => {
    const fake = fakeAgoraRtc()
    sdk.current = fake
    const cam = info('videoinput', 'cam', 'HD Camera')
    const usb = info('audioinput', 'usb', 'USB mic')
    fake.getDevices.mockResolvedValue([cam])
    const port = new AgoraDevices(
      import('agora-rtc-sdk-ng').then((m) => m.default),
      toDeviceList,
      () => Promise.reject(new Error('the browser is not asked once the SDK is loaded')),
    )
    const events: Event[] = []
    port.events$.subscribe((e) => events.push(e))
    await new Promise((r) => setTimeout(r, 0))
    // Bound once the SDK is loaded: its list is reported.
    expect(events.splice(0)).toEqual([
      {
        type: 'device/listChanged',
        devices: [{ deviceId: 'cam', label: 'HD Camera', kind: 'camera' }],
      },
    ])
    expect(await port.list()).toEqual([{ deviceId: 'cam', label: 'HD Camera', kind: 'camera' }])
    expect(fake.getDevices).toHaveBeenCalledWith(true)

    fake.getDevices.mockResolvedValue([cam, usb])
    fake.onMicrophoneChanged?.({ state: 'ACTIVE', device: usb, initAt: 1, updateAt: 2 })
    await new Promise((r) => setTimeout(r, 0))
    fake.getDevices.mockResolvedValue([usb])
    fake.onCameraChanged?.({ state: 'INACTIVE', device: cam, initAt: 1, updateAt: 3 })
    await new Promise((r) => setTimeout(r, 0))
    const spk = info('audiooutput', 'spk', 'Speakers')
    fake.onPlaybackDeviceChanged?.({ state: 'ACTIVE', device: spk, initAt: 1, updateAt: 4 })
    await new Promise((r) => setTimeout(r, 0))
    expect(events.map((e) => [e.type, 'device' in e ? e.device.deviceId : ''])).toEqual([
      ['device/plugged', 'usb'],
      ['device/listChanged', ''],
      ['device/unplugged', 'cam'],
      ['device/listChanged', ''],
      ['device/plugged', 'spk'],
      ['device/listChanged', ''],
    ])
  })

  it('until media has loaded the SDK (a join), the list is the browser’s and the SDK is not loaded; a failure is device/listFailed', async () => {
    const cam = info('videoinput', 'cam', 'HD Camera')
    const enumerate = vi.fn(async () => [cam])
    const port = new AgoraDevices(new Promise(() => undefined), toDeviceList, enumerate)
    const events: Event[] = []
    port.events$.subscribe((e) => events.push(e))
    expect(await port.list()).toEqual([{ deviceId: 'cam', label: 'HD Camera', kind: 'camera' }])
    expect(enumerate).toHaveBeenCalledTimes(1)
    enumerate.mockRejectedValueOnce(new Error('PERMISSION_DENIED'))
    expect(await port.list()).toEqual([])
    expect(events).toEqual([{ type: 'device/listFailed', message: 'PERMISSION_DENIED' }])
  })

  it('a device list the loaded SDK cannot give is device/listFailed', async () => {
    const fake = fakeAgoraRtc()
    fake.getDevices.mockRejectedValue(new Error('PERMISSION_DENIED'))
    const port = new AgoraDevices(Promise.resolve(fake as never), toDeviceList)
    await new Promise((r) => setTimeout(r, 0))
    const events: Event[] = []
    port.events$.subscribe((e) => events.push(e))
    expect(await port.list()).toEqual([])
    expect(events).toEqual([{ type: 'device/listFailed', message: 'PERMISSION_DENIED' }])
  })
})
