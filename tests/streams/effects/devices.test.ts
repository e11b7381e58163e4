import { describe, expect, it } from 'vitest'
import { deviceSwitchEffect } from '@streams/effects/devices'
import { toastEffect } from '@streams/effects/timers'
import type { Event } from '@streams/events'
import { asHost, cam, fold, inRoom, withDevices } from '../fixtures'
import { runEffects } from './harness'

describe('devices', () => {
  it('[TRACK-3] hot-plug: a newly active device is switched to; virtual devices are ignored', () => {
    const s = withDevices(asHost())
    const h = runEffects(s, [deviceSwitchEffect], (_h, at) => {
      at(10, {
        type: 'device/plugged',
        device: { deviceId: 'cam2', label: 'USB camera', kind: 'camera' },
      })
      at(20, {
        type: 'device/plugged',
        device: { deviceId: 'cam3', label: 'OBS Virtual Camera', kind: 'camera' },
      })
    })
    expect(h.calls('media').filter((c) => c[1] === 'camera')).toEqual([
      ['media.switchDevice', 'camera', 'cam1'],
      ['media.switchDevice', 'camera', 'cam2'],
    ])
    expect(h.store.getState().devices.chosen.camera).toBe('cam2')
    const flagged = fold(withDevices(inRoom()), {
      type: 'device/plugged',
      device: { deviceId: 'mic9', label: 'Stereo Mix', kind: 'microphone', virtual: true },
    })
    expect(flagged.devices.chosen.microphone).toBe('mic1')
  })

  it('[TRACK-4] an audio switch on non-mobile shows a 5000 ms warning naming the device', () => {
    const plugged: Event = {
      type: 'device/plugged',
      device: { deviceId: 'mic2', label: 'USB headset', kind: 'microphone' },
    }
    const h = runEffects(withDevices(inRoom()), [toastEffect], (_h, at) => at(100, plugged))
    expect(h.timed()).toEqual(['100 device/plugged', '5100 timer/toastExpired'])
    const toast = fold(withDevices(inRoom()), plugged).ui.toasts[0]
    expect(toast).toMatchObject({
      level: 'warning',
      key: 'audioSwitched',
      params: { device: 'USB headset' },
      duration: 5000,
    })
    expect(fold(withDevices(inRoom({ mobile: true })), plugged).ui.toasts).toEqual([])
  })

  it('[TRACK-5] if the current device is removed, fall back to the first device', () => {
    const s = fold(
      withDevices(inRoom()),
      { type: 'device/plugged', device: { deviceId: 'cam2', label: 'USB camera', kind: 'camera' } },
      {
        type: 'device/unplugged',
        device: { deviceId: 'cam2', label: 'USB camera', kind: 'camera' },
      },
    )
    expect(s.devices.chosen.camera).toBe('cam1')
    const gone = fold(s, { type: 'device/unplugged', device: cam })
    expect(gone.devices.chosen.camera).toBe('')
  })
})
