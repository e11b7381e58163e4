import { describe, expect, it } from 'vitest'
import { publishEffect } from '@streams/effects/media'
import type { Event } from '@streams/events'
import { selectDesiredPublish } from '@streams/selectors'
import { MIC_CONFIG } from '@streams/wire/constants'
import type { DeviceInfo } from '@streams/wire/media'
import { fold, inRoom } from '../fixtures'
import { runEffects } from './harness'

const mic: DeviceInfo = { deviceId: 'mic1', label: 'Built-in mic', kind: 'microphone' }
const cam: DeviceInfo = { deviceId: 'cam1', label: 'Built-in camera', kind: 'camera' }
/** A conferee whose audio is enabled (a host's grant), in the media session, with devices. */
const speaker = () =>
  fold(
    inRoom({ me: { enableAudio: 1 } }),
    { type: 'device/listChanged', devices: [mic, cam] },
    { type: 'rtc/joined', uid: '200' },
  )
const moderated = (kind: 'audio' | 'video', muted: boolean): Event => ({
  type: 'rtc/localModerated',
  kind,
  muted,
})

describe('the media server muting what I send (rtc/localModerated)', () => {
  it('[ROLE-4] a stream the SFU mutes is no longer sent, and is sent again once released', () => {
    const h = runEffects(speaker(), [publishEffect], (_h, at) => {
      at(10, moderated('audio', true))
      at(20, moderated('audio', false))
    })
    expect(h.calls('media')).toEqual([
      ['media.publish', 'audio', { deviceId: 'mic1', microphone: MIC_CONFIG }],
      ['media.unpublish', 'audio'],
      ['media.publish', 'audio', { deviceId: 'mic1', microphone: MIC_CONFIG }],
    ])
    expect(h.store.getState().media.published.audio).toBe(true)
  })

  it('the mute wins over my flag not yet updated, and says so once (zh and en texts)', () => {
    const s = speaker()
    expect(selectDesiredPublish(s).audio).toBe(true)
    const muted = fold(s, moderated('audio', true))
    expect(muted.media.moderated).toEqual({ audio: true, video: false })
    expect(selectDesiredPublish(muted).audio).toBe(false)
    expect(muted.ui.toasts.map((t) => [t.level, t.key])).toEqual([['warning', 'moderated.audio']])
    // The same fact again changes nothing; the release says nothing.
    expect(fold(muted, moderated('audio', true)).ui.toasts).toHaveLength(1)
    const released = fold(muted, moderated('audio', false))
    expect(released.media.moderated).toEqual({ audio: false, video: false })
    expect(released.ui.toasts).toHaveLength(1)
    expect(selectDesiredPublish(released).audio).toBe(true)
  })

  it('a mute my own flag already shows (the host turned my video off) is not told twice', () => {
    const s = speaker()
    expect(s.me?.enableVideo).toBe(0)
    expect(fold(s, moderated('video', true)).ui.toasts).toEqual([])
  })

  it('leaving the media session forgets what the SFU muted', () => {
    const muted = fold(speaker(), moderated('audio', true))
    expect(fold(muted, { type: 'rtc/left' }).media.moderated).toEqual({
      audio: false,
      video: false,
    })
    expect(fold(muted, { type: 'life/exited', reason: 'leave' }).media.moderated.audio).toBe(false)
  })
})
