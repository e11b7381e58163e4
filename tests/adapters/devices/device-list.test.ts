import { describe, expect, it, vi } from 'vitest'
import { BrowserDevices } from '../../../src/adapters/devices/browser-devices'
import { diffDevices, isVirtual, toDeviceList } from '../../../src/adapters/devices/device-list'
import type { Event } from '@streams/events'

const info = (kind: MediaDeviceKind, deviceId: string, label = deviceId) =>
  ({ kind, deviceId, label, groupId: 'g', toJSON: () => ({}) }) as MediaDeviceInfo

describe('device list', () => {
  it("[TRACK-5] leaves out Chrome's default and communications entries, so the first is a real device", () => {
    expect(
      toDeviceList([
        info('audioinput', 'default', 'Default - USB mic'),
        info('audioinput', 'communications'),
        info('audioinput', 'usb', 'USB mic'),
        info('videoinput', 'cam', 'FaceTime HD Camera'),
        info('audiooutput', 'spk', 'Speakers'),
      ]),
    ).toEqual([
      { deviceId: 'usb', label: 'USB mic', kind: 'microphone' },
      { deviceId: 'cam', label: 'FaceTime HD Camera', kind: 'camera' },
      { deviceId: 'spk', label: 'Speakers', kind: 'speaker' },
    ])
  })

  it('[TRACK-3] marks virtual devices by their label', () => {
    expect(isVirtual('OBS Virtual Camera')).toBe(true)
    expect(isVirtual('CABLE Output (VB-Audio Virtual Cable)')).toBe(true)
    expect(isVirtual('BlackHole 2ch')).toBe(true)
    expect(isVirtual('Logitech BRIO')).toBe(false)
    expect(toDeviceList([info('videoinput', 'v', 'ManyCam Virtual Webcam')])).toEqual([
      { deviceId: 'v', label: 'ManyCam Virtual Webcam', kind: 'camera', virtual: true },
    ])
  })

  it('[TRACK-6] before any permission, keeps one id-less device a kind so the core knows it exists', () => {
    expect(
      toDeviceList([
        info('videoinput', '', ''),
        info('videoinput', '', ''),
        info('audioinput', '', ''),
      ]),
    ).toEqual([
      { deviceId: '', label: '', kind: 'camera' },
      { deviceId: '', label: '', kind: 'microphone' },
    ])
  })

  it('[TRACK-3] [TRACK-5] a hot-plug is the devices that went, those that came, then the list', () => {
    const usb = { deviceId: 'usb', label: 'USB mic', kind: 'microphone' } as const
    const cam = { deviceId: 'cam', label: 'Cam', kind: 'camera' } as const
    const headset = { deviceId: 'hs', label: 'Headset', kind: 'microphone' } as const
    expect(diffDevices([usb, cam], [cam, headset])).toEqual([
      { type: 'device/unplugged', device: usb },
      { type: 'device/plugged', device: headset },
      { type: 'device/listChanged', devices: [cam, headset] },
    ])
    expect(diffDevices([cam], [cam])).toEqual([])
  })
})

describe('BrowserDevices', () => {
  it('turns devicechange into device facts', async () => {
    let devices = [info('videoinput', 'cam', 'Cam')]
    let change: () => void = () => undefined
    const source = {
      enumerateDevices: vi.fn(async () => devices),
      addEventListener: (_: string, f: () => void) => (change = f),
      removeEventListener: vi.fn(),
    }
    const port = new BrowserDevices(source as never, null)
    const events: Event[] = []
    port.events$.subscribe((e) => events.push(e))
    expect(await port.list()).toEqual([{ deviceId: 'cam', label: 'Cam', kind: 'camera' }])
    devices = [...devices, info('audioinput', 'mic', 'Mic')]
    change()
    await new Promise((r) => setTimeout(r, 0))
    expect(events).toEqual([
      { type: 'device/listChanged', devices: [{ deviceId: 'cam', label: 'Cam', kind: 'camera' }] },
      { type: 'device/plugged', device: { deviceId: 'mic', label: 'Mic', kind: 'microphone' } },
      {
        type: 'device/listChanged',
        devices: [
          { deviceId: 'cam', label: 'Cam', kind: 'camera' },
          { deviceId: 'mic', label: 'Mic', kind: 'microphone' },
        ],
      },
    ])
  })

  it('a list that fails is device/listFailed', async () => {
    const source = {
      enumerateDevices: async () => {
        throw new Error('not allowed')
      },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }
    const port = new BrowserDevices(source as never, null)
    const events: Event[] = []
    port.events$.subscribe((e) => events.push(e))
    expect(await port.list()).toEqual([])
    expect(events).toEqual([{ type: 'device/listFailed', message: 'not allowed' }])
  })
})
