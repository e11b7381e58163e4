import { throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import {
  mediaJoinEffect,
  mediaToggleEffect,
  publishEffect,
  remoteAudioEffect,
  screenShareEffect,
} from '@streams/effects/media'
import { toastEffect } from '@streams/effects/timers'
import {
  selectDesiredPublish,
  selectMayPublish,
  selectMediaRole,
  selectMediaServerDown,
  isRtmpUid,
  selectRtmpUsers,
} from '@streams/selectors'
import { Cmd } from '@streams/wire/channel'
import { LOW_STREAM, MEDIA_SERVER_UNAVAILABLE, MIC_CONFIG } from '@streams/wire/constants'
import { asHost, byHost, fold, inRoom, member, msg, withDevices } from '../fixtures'
import { runEffects } from './harness'

describe('local tracks', () => {
  it('[TRACK-1] turning audio or video off unpublishes the matching track; turning it on publishes a new one', () => {
    const host = withDevices(asHost())
    const h = runEffects(host, [mediaToggleEffect, publishEffect], (_h, at) => {
      at(0, { type: 'ui/mediaToggled', kind: 'audio', on: true })
      at(10, { type: 'ui/mediaToggled', kind: 'video', on: true })
      at(20, { type: 'ui/mediaToggled', kind: 'audio', on: false })
    })
    expect(h.calls('media')).toEqual([
      ['media.publish', 'audio', { deviceId: 'mic1', microphone: MIC_CONFIG }],
      [
        'media.publish',
        'video',
        { deviceId: 'cam1', profile: { width: 720, height: 300, bitrate: 310, frameRate: 30 } },
      ],
      ['media.unpublish', 'audio'],
    ])
    expect(h.store.getState().media.published).toEqual({ audio: false, video: true, screen: false })
  })

  it('[TRACK-2] a mic or camera failure sets the use flags to 0 and the media state inactive; the error is swallowed', () => {
    const host = withDevices(asHost())
    const h = runEffects(
      host,
      [publishEffect, toastEffect],
      (_h, at) => at(0, msg(Cmd.userState, { ...byHost, uid: '100', enableAudio: 1 })),
      {
        media: { publish: () => throwError(() => new Error('NotReadableError')) },
      },
    )
    expect(h.types()).toEqual(['msg/userStateChanged', 'rtc/localTrackFailed'])
    const s = h.store.getState()
    expect([s.me?.enableAudio, s.media.active, s.ui.toasts.length, s.ui.dialogs.length]).toEqual([
      0,
      false,
      0,
      0,
    ])
  })

  it('[TRACK-6] a non-host audience may not publish; publishing needs a type enabled and a camera or mic, else nothing', () => {
    const conferee = withDevices(inRoom())
    expect(selectDesiredPublish(conferee)).toEqual({ audio: false, video: false })
    const h = runEffects(conferee, [mediaToggleEffect, publishEffect], (_h, at) =>
      at(0, { type: 'ui/mediaToggled', kind: 'audio', on: true }),
    )
    expect(h.calls()).toEqual([])
    const noDevices = fold(asHost({ me: { enableAudio: 1, enableVideo: 1 } }), {
      type: 'rtc/joined',
      uid: '100',
    })
    expect(selectDesiredPublish(noDevices)).toEqual({ audio: false, video: false })
    expect(runEffects(noDevices, [publishEffect], () => {}).calls()).toEqual([])
    const cdn = withDevices(inRoom({ me: { role: 3, enableAudio: 1 } }))
    expect(selectMayPublish(cdn, 'audio')).toBe(false)
  })

  it('[TRACK-8] a media-state update needs a defined active flag', () => {
    const failed = fold(inRoom(), { type: 'rtc/localTrackFailed', kind: 'video', message: 'x' })
    expect(failed.media.active).toBe(false)
    expect(fold(failed, { type: 'rtc/mediaStateChanged' }).media.active).toBe(false)
    expect(fold(failed, { type: 'rtc/mediaStateChanged', active: true }).media.active).toBe(true)
  })

  it('a media server that goes away is a state of the room until it is back; the remote users go with it', () => {
    const s = fold(
      inRoom(),
      { type: 'rtc/joined', uid: '200' },
      { type: 'rtc/userJoined', uid: '300' },
    )
    expect(selectMediaServerDown(s)).toBe(false)
    const down = fold(s, {
      type: 'rtc/connectionStateChanged',
      state: 'RECONNECTING',
      reason: MEDIA_SERVER_UNAVAILABLE,
    })
    expect(selectMediaServerDown(down)).toBe(true)
    expect(down.media.remote.has('300')).toBe(false)
    // Still in the room, still joined: chat and the board do not depend on it.
    expect(down.session.phase).toBe('inRoom')
    expect(down.media.joined).toBe(true)
    // Another connection change is not the server's return; CONNECTED is.
    const other = fold(down, {
      type: 'rtc/connectionStateChanged',
      state: 'DISCONNECTED',
      reason: 'x',
    })
    expect(selectMediaServerDown(other)).toBe(true)
    expect(
      selectMediaServerDown(fold(down, { type: 'rtc/connectionStateChanged', state: 'CONNECTED' })),
    ).toBe(false)
    expect(selectMediaServerDown(fold(down, { type: 'life/exited', reason: 'leave' }))).toBe(false)
  })

  it('[TRACK-9] network quality defaults to 1 until the media layer reports one', () => {
    const s = inRoom()
    expect(s.media.networkQuality).toBe(1)
    const other = fold(s, { type: 'rtc/networkQualityChanged', uid: '300', uplink: 5, downlink: 5 })
    expect(other.media.networkQuality).toBe(1)
    expect(
      fold(s, { type: 'rtc/networkQualityChanged', uid: '200', uplink: 3, downlink: 2 }).media
        .networkQuality,
    ).toBe(3)
  })

  it("[TRACK-9] a remote user's quality is kept on that user once measured, never before it joins", () => {
    const s = inRoom()
    const unknown = fold(s, {
      type: 'rtc/networkQualityChanged',
      uid: '300',
      uplink: 4,
      downlink: 2,
    })
    expect(unknown.media.remote.has('300')).toBe(false)
    const joined = fold(s, { type: 'rtc/userJoined', uid: '300' })
    expect(joined.media.remote.get('300')?.quality).toBeUndefined()
    const measured = fold(joined, {
      type: 'rtc/networkQualityChanged',
      uid: '300',
      uplink: 4,
      downlink: 2,
    })
    expect(measured.media.remote.get('300')?.quality).toBe(4)
    const published = fold(measured, { type: 'rtc/userPublished', uid: '300', kind: 'video' })
    expect(published.media.remote.get('300')).toEqual({ audio: false, video: true, quality: 4 })
    expect(published.media.networkQuality).toBe(1)
  })

  it('[TRACK-7] media joins with the low stream 160x120 500 kbps; the mic is published with echo and noise suppression, no gain, mono', () => {
    const h = runEffects(asHost(), [mediaJoinEffect], (_h, at) =>
      at(0, { type: 'life/entered', roomId: 'r1', uid: '100' }),
    )
    expect(h.calls('media')).toEqual([
      [
        'media.join',
        {
          appId: 'app',
          channel: 'ch1',
          uid: '100',
          token: 'rtc-secret',
          role: 'host',
          lowStream: LOW_STREAM,
        },
      ],
    ])
    expect(h.types()).toEqual(['life/entered', 'rtc/joined'])
  })
})

describe('who publishes', () => {
  it('[ROLE-4] only the media host role publishes: a host, or a conferee while its audio or video is enabled; never a CDN audience', () => {
    expect(selectMediaRole(asHost())).toBe('host')
    const conferee = inRoom()
    expect(selectMediaRole(conferee)).toBe('audience')
    const granted = fold(conferee, msg(Cmd.userState, { ...byHost, uid: '200', enableAudio: 1 }))
    expect(selectMediaRole(granted)).toBe('host')
    expect(
      selectMediaRole(fold(granted, msg(Cmd.userState, { ...byHost, uid: '200', enableAudio: 0 }))),
    ).toBe('audience')
    expect(selectMediaRole(inRoom({ me: { role: 3, enableAudio: 1, enableVideo: 1 } }))).toBe(
      'audience',
    )
    const h = runEffects(withDevices(conferee), [publishEffect], (_h, at) =>
      at(0, msg(Cmd.userState, { ...byHost, uid: '200', enableVideo: 1 })),
    )
    expect(h.calls('media').map((c) => [c[0], c[1]])).toEqual([['media.publish', 'video']])
    const cdn = runEffects(inRoom({ me: { role: 3 } }), [mediaJoinEffect], (_h, at) =>
      at(0, { type: 'life/entered', roomId: 'r1', uid: '200' }),
    )
    expect(cdn.calls()).toEqual([])
  })

  it('[MUTE-3] under forced mute a non-host publisher turns off its local mic and remote audio', () => {
    const speaking = withDevices(inRoom({ me: { enableAudio: 1 } }))
    const h = runEffects(speaking, [publishEffect, remoteAudioEffect], (_h, at) => {
      at(0, { type: 'rtc/localPublished', kind: 'audio' })
      at(10, msg(Cmd.roomInfo, { ...byHost, muteAllAudio: 1 }))
      at(20, msg(Cmd.roomInfo, { ...byHost, muteAllAudio: 0 }))
    })
    expect(h.calls('media').map((c) => c.slice(0, 2))).toEqual([
      ['media.publish', 'audio'],
      ['media.setRemoteAudioMuted', false],
      ['media.unpublish', 'audio'],
      ['media.setRemoteAudioMuted', true],
      ['media.setRemoteAudioMuted', false],
    ])
    const host = runEffects(withDevices(asHost()), [remoteAudioEffect], (_h, at) =>
      at(10, msg(Cmd.roomInfo, { ...byHost, muteAllAudio: 1 })),
    )
    expect(host.calls('media')).toEqual([['media.setRemoteAudioMuted', false]])
  })

  it('[RTMP-1] a user with a 4-digit uid is an RTMP input user', () => {
    expect(['1234', '123', '12345', 'abcd', '0042'].map(isRtmpUid)).toEqual([
      true,
      false,
      false,
      false,
      true,
    ])
    const s = inRoom({ members: [member('100', { role: 1 }), member('4321'), member('54321')] })
    expect(selectRtmpUsers(s).map((m) => m.uid)).toEqual(['4321'])
  })
})

describe('screen share', () => {
  it('[SCREEN-4] a share starts with the 720p_2 screen profile (or the chosen preset) and tells the room', () => {
    const h = runEffects(asHost(), [screenShareEffect], (_h, at) => {
      at(0, { type: 'ui/screenShareToggled', on: true })
      at(10, { type: 'ui/screenShareToggled', on: false })
      at(20, { type: 'ui/screenShareToggled', on: true, preset: '1080p' })
    })
    expect(h.calls().map((c) => c.slice(0, 3))).toEqual([
      [
        'media.startScreenShare',
        { name: '720p_2', width: 1280, height: 720, frameRate: 24, bitrate: 2000 },
        'screen-secret',
      ],
      ['rest.updateScreenShare', 'r1', '100'],
      ['media.stopScreenShare'],
      ['rest.updateScreenShare', 'r1', '100'],
      [
        'media.startScreenShare',
        { name: '1080p', width: 1600, height: 900, frameRate: 5, bitrate: 1800 },
        'screen-secret',
      ],
      ['rest.updateScreenShare', 'r1', '100'],
    ])
  })

  it("[ERR-1] a failed share update is 'update share permission failed'; the host closing my share stops it", () => {
    const h = runEffects(
      inRoom(),
      [screenShareEffect],
      (_h, at) => {
        at(0, { type: 'ui/screenShareToggled', on: true })
        at(10, msg(Cmd.endHostShare, { ...byHost, uid: '200' }))
      },
      { rest: { updateScreenShare: () => throwError(() => new Error('x')) } },
    )
    expect(
      h.seen.filter((s) => s.event.type === 'rest/callFailed').map((s) => s.event),
    ).toMatchObject([
      { message: 'update share permission failed' },
      { message: 'update share permission failed' },
    ])
    expect(h.calls('media.stopScreenShare')).toHaveLength(1)
  })
})
