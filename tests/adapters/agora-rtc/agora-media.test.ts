import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Event } from '@streams/events'
import {
  fakeAgoraRtc,
  remoteUser,
  type FakeCameraTrack,
  type FakeClient,
  type FakeMicrophoneTrack,
  type FakeScreenTrack,
} from './fake-agora'

const sdk = vi.hoisted(() => ({ current: undefined as unknown }))
vi.mock('agora-rtc-sdk-ng', () => ({
  get default() {
    return sdk.current
  },
}))
const denoiser = vi.hoisted(() => ({ created: [] as unknown[], processor: undefined as any }))
vi.mock('agora-extension-ai-denoiser', () => ({
  AIDenoiserExtension: class {
    constructor(options: unknown) {
      denoiser.created.push(options)
    }
    checkCompatibility = () => true
    createProcessor = () => denoiser.processor
  },
}))

const { AgoraMedia } = await import('../../../src/adapters/agora-rtc/agora-media')

const join = {
  appId: 'app',
  channel: 'room-ch',
  uid: '1234',
  token: 'rtc-token',
  role: 'host' as const,
  screenUid: '5678',
}

async function joined(role: 'host' | 'audience' = 'host') {
  const fake = fakeAgoraRtc()
  sdk.current = fake
  const media = new AgoraMedia()
  const events: Event[] = []
  media.events$.subscribe((e) => events.push(e))
  await media.join({ ...join, role })
  const client = fake.clients[0] as FakeClient
  return { fake, media, events, client }
}

describe('AgoraMedia: agora-rtc-sdk-ng callbacks as events', () => {
  beforeEach(() => {
    denoiser.created = []
    denoiser.processor = { enable: vi.fn(), disable: vi.fn(), pipe: vi.fn((d: unknown) => d) }
  })

  it('joins a live-mode client with our token and numeric uid (the core reports rtc/joined)', async () => {
    const { client, events } = await joined()
    expect(client.config).toEqual({ mode: 'live', codec: 'vp8', role: 'host' })
    expect(client.join).toHaveBeenCalledWith('app', 'room-ch', 'rtc-token', 1234)
    expect(events).toEqual([])
  })

  it('[TRACK-7] a host enables the dual stream with the low stream 160x120, 500 kbps, 120 fps', async () => {
    const { client } = await joined()
    expect(client.setLowStreamParameter).toHaveBeenCalledWith({
      width: 160,
      height: 120,
      framerate: 120,
      bitrate: 500,
    })
    expect(client.enableDualStream).toHaveBeenCalled()
  })

  it('a join the SDK refuses fails the call, with nothing left bound', async () => {
    const fake = fakeAgoraRtc()
    sdk.current = fake
    const media = new AgoraMedia()
    const events: Event[] = []
    media.events$.subscribe((e) => events.push(e))
    fake.createClient.mockImplementation(() => {
      throw new Error('invalid app id')
    })
    await expect(media.join(join)).rejects.toThrow('invalid app id')
    expect(events).toEqual([])
  })

  it('maps user-joined, user-published, user-unpublished and user-left', async () => {
    const { client, events } = await joined()
    const user = remoteUser(42)
    client.emit('user-joined', user)
    client.emit('user-published', user, 'audio')
    client.emit('user-published', user, 'video')
    client.emit('user-published', user, 'datachannel')
    client.emit('user-unpublished', user, 'video')
    client.emit('user-left', user, 'ServerTimeOut')
    expect(events).toEqual([
      { type: 'rtc/userJoined', uid: '42' },
      { type: 'rtc/userPublished', uid: '42', kind: 'audio' },
      { type: 'rtc/userPublished', uid: '42', kind: 'video' },
      { type: 'rtc/userUnpublished', uid: '42', kind: 'video' },
      { type: 'rtc/userLeft', uid: '42', reason: 'ServerTimeOut' },
    ])
  })

  it('my own screen-share client is not a remote user to me', async () => {
    const { client, events } = await joined()
    client.emit('user-joined', remoteUser(5678))
    client.emit('user-published', remoteUser(5678), 'video')
    expect(events).toEqual([])
  })

  it('[TRACK-9] network-quality reports mine and each remote user’s, only when it changes', async () => {
    const { client, events } = await joined()
    client.remoteQuality = { '42': { uplinkNetworkQuality: 2, downlinkNetworkQuality: 1 } }
    const mine = { uplinkNetworkQuality: 1, downlinkNetworkQuality: 3 } as const
    client.emit('network-quality', mine)
    client.emit('network-quality', mine)
    expect(events).toEqual([
      { type: 'rtc/networkQualityChanged', uid: '1234', uplink: 1, downlink: 3 },
      { type: 'rtc/networkQualityChanged', uid: '42', uplink: 2, downlink: 1 },
    ])
  })

  it('maps exception, connection-state-change and the token callbacks', async () => {
    const { client, events } = await joined()
    client.emit('exception', { code: 2001, msg: 'AUDIO_INPUT_LEVEL_TOO_LOW', uid: 42 })
    client.emit('connection-state-change', 'DISCONNECTED', 'CONNECTED', 'NETWORK_ERROR')
    client.emit('connection-state-change', 'CONNECTED', 'CONNECTING')
    client.emit('token-privilege-will-expire')
    client.emit('token-privilege-did-expire')
    expect(events).toEqual([
      {
        type: 'rtc/exceptionRaised',
        code: '2001',
        message: 'AUDIO_INPUT_LEVEL_TOO_LOW',
        uid: '42',
      },
      { type: 'rtc/connectionStateChanged', state: 'DISCONNECTED', reason: 'NETWORK_ERROR' },
      { type: 'rtc/connectionStateChanged', state: 'CONNECTED' },
      { type: 'rtc/tokenWillExpire' },
      { type: 'rtc/tokenExpired' },
    ])
  })

  it('[TRACK-1] [TRACK-7] publishing audio opens the mic with AEC and ANS on, AGC off, mono', async () => {
    const { fake, client, media, events } = await joined()
    await media.publish('audio', { deviceId: 'mic-1' })
    expect(fake.createMicrophoneAudioTrack).toHaveBeenCalledWith({
      microphoneId: 'mic-1',
      AEC: true,
      ANS: true,
      AGC: false,
      encoderConfig: { sampleRate: 48000, stereo: false, bitrate: 48 },
    })
    expect(client.publish).toHaveBeenCalled()
    await media.unpublish('audio')
    expect(client.unpublish).toHaveBeenCalled()
    expect(events).toEqual([])
  })

  it('[LAYOUT-3] the camera encodes with the tile profile, and follows a new one', async () => {
    const { fake, media } = await joined()
    const profile = { width: 720, height: 300, bitrate: 310, frameRate: 30 }
    await media.publish('video', { profile })
    expect(fake.createCameraVideoTrack).toHaveBeenCalledWith({
      encoderConfig: { width: 720, height: 300, frameRate: 30, bitrateMax: 310 },
    })
    const track = (await fake.createCameraVideoTrack.mock.results[0]?.value) as FakeCameraTrack
    await media.setVideoProfile({ width: 192, height: 80, bitrate: 120, frameRate: 15 })
    expect(track.setEncoderConfiguration).toHaveBeenCalledWith({
      width: 192,
      height: 80,
      frameRate: 15,
      bitrateMax: 120,
    })
  })

  it('[TRACK-2] a camera the SDK cannot open fails the call (the core reports rtc/localTrackFailed)', async () => {
    const { fake, media } = await joined()
    fake.createCameraVideoTrack.mockRejectedValueOnce(new Error('NOT_READABLE'))
    await expect(media.publish('video', {})).rejects.toThrow('NOT_READABLE')
  })

  it('[ROLE-4] the client role follows the media role; the audience role joins without dual stream', async () => {
    const { client, media } = await joined('audience')
    expect(client.config).toEqual({ mode: 'live', codec: 'vp8', role: 'audience' })
    expect(client.enableDualStream).not.toHaveBeenCalled()
    await media.setRole('host')
    expect(client.setClientRole).toHaveBeenCalledWith('host')
    expect(client.enableDualStream).toHaveBeenCalled()
  })

  it('a local track-ended becomes rtc/trackEnded and the track is unpublished', async () => {
    const { fake, media, events } = await joined()
    await media.publish('video', {})
    const track = (await fake.createCameraVideoTrack.mock.results[0]?.value) as FakeCameraTrack
    track.emit('track-ended')
    await new Promise((r) => setTimeout(r, 0))
    expect(events).toContainEqual({ type: 'rtc/trackEnded', kind: 'video' })
    expect(track.close).toHaveBeenCalled()
  })

  it('[TRACK-7] subscribing picks the high or the low stream for the tile', async () => {
    const { client, media } = await joined()
    client.remoteUsers = [remoteUser(42)]
    await media.subscribe('42', 'video', 'low')
    expect(client.subscribe).toHaveBeenCalledWith(client.remoteUsers[0], 'video')
    expect(client.setRemoteVideoStreamType).toHaveBeenCalledWith(42, 1)
    await media.subscribe('42', 'video', 'high')
    expect(client.setRemoteVideoStreamType).toHaveBeenLastCalledWith(42, 0)
  })

  it('auto-subscribes to each publication when asked to', async () => {
    const fake = fakeAgoraRtc()
    sdk.current = fake
    const media = new AgoraMedia({ autoSubscribe: true })
    await media.join(join)
    const client = fake.clients[0] as FakeClient
    client.remoteUsers = [remoteUser(42)]
    client.emit('user-published', remoteUser(42), 'video')
    await new Promise((r) => setTimeout(r, 0))
    expect(client.subscribe).toHaveBeenCalledWith(client.remoteUsers[0], 'video')
    expect(client.setRemoteVideoStreamType).toHaveBeenCalledWith(42, 0)
  })

  it('[MUTE-3] muting remote audio silences every remote audio track', async () => {
    const { client, media } = await joined()
    client.remoteUsers = [remoteUser(42), remoteUser(43)]
    await media.subscribe('42', 'audio')
    await media.setRemoteAudioMuted(true)
    expect(client.remoteUsers[0]?.audioTrack?.setVolume).toHaveBeenLastCalledWith(0)
    await media.subscribe('43', 'audio')
    expect(client.remoteUsers[1]?.audioTrack?.setVolume).toHaveBeenLastCalledWith(0)
    expect(client.remoteUsers[1]?.audioTrack?.play).toHaveBeenCalled()
  })

  it('[SCREEN-4] a screen share joins a second client under the screen uid with the preset', async () => {
    const { fake, media, events } = await joined()
    const preset = {
      name: '720p_2',
      width: 1280,
      height: 720,
      frameRate: 24,
      bitrate: 2000,
    } as const
    await media.startScreenShare(preset, 'screen-token')
    const screenClient = fake.clients[1] as FakeClient
    expect(fake.createScreenVideoTrack).toHaveBeenCalledWith(
      {
        encoderConfig: { width: 1280, height: 720, frameRate: 24, bitrateMax: 2000 },
        optimizationMode: 'detail',
      },
      'disable',
    )
    expect(screenClient.join).toHaveBeenCalledWith('app', 'room-ch', 'screen-token', 5678)
    expect(screenClient.publish).toHaveBeenCalled()
    const track = (await fake.createScreenVideoTrack.mock.results[0]?.value) as FakeScreenTrack
    // [SCREEN-3] stopped from the browser's own bar: said as a fact; the core stops the share.
    track.emit('track-ended')
    expect(events).toEqual([{ type: 'rtc/trackEnded', kind: 'screen' }])
    await media.stopScreenShare()
    expect(screenClient.leave).toHaveBeenCalled()
    expect(track.close).toHaveBeenCalled()
  })

  it('[SCREEN-2] leaving stops the screen share, closes tracks and leaves both clients', async () => {
    const { fake, client, media, events } = await joined()
    await media.publish('audio', {})
    await media.startScreenShare(
      { name: '1080p', width: 1600, height: 900, frameRate: 5, bitrate: 1800 },
      't',
    )
    await media.leave()
    expect(fake.clients[1]?.leave).toHaveBeenCalled()
    expect(client.leave).toHaveBeenCalled()
    expect(client.count('user-joined')).toBe(0)
    expect(events.at(-1)).toEqual({ type: 'rtc/left' })
  })

  it('AI noise reduction loads the denoiser with assets from our server and pipes the mic', async () => {
    const { fake, media } = await joined()
    await media.publish('audio', {})
    await media.setNoiseReduction(true)
    expect(denoiser.created).toEqual([{ assetsPath: '/agora-denoiser' }])
    expect(fake.registerExtensions).toHaveBeenCalled()
    const track = (await fake.createMicrophoneAudioTrack.mock.results[0]
      ?.value) as FakeMicrophoneTrack
    expect(track.pipe).toHaveBeenCalledWith(denoiser.processor)
    expect(denoiser.processor.enable).toHaveBeenCalled()
    await media.setNoiseReduction(false)
    expect(denoiser.processor.disable).toHaveBeenCalled()
  })

  it('[API-4] renews the token on the client and the screen share’s; a refusal fails the call', async () => {
    const { fake, client, media, events } = await joined()
    await media.startScreenShare(
      { name: '720p_2', width: 1280, height: 720, frameRate: 24, bitrate: 2000 },
      'screen-token',
    )
    await media.renewToken('new', 'new-screen')
    expect(client.renewToken).toHaveBeenCalledWith('new')
    expect(fake.clients[1]?.renewToken).toHaveBeenCalledWith('new-screen')
    client.renewToken.mockRejectedValueOnce(
      Object.assign(new Error('bad token'), { code: 'INVALID_PARAMS' }),
    )
    await expect(media.renewToken('bad')).rejects.toThrow('bad token')
    expect(events).toEqual([])
  })

  it('[API-4] after token-privilege-did-expire a fresh token joins again and publishes again', async () => {
    const { fake, client, media, events } = await joined()
    await media.publish('audio', {})
    await media.publish('video', {})
    const mic = await fake.createMicrophoneAudioTrack.mock.results[0]?.value
    const camera = await fake.createCameraVideoTrack.mock.results[0]?.value
    client.emit('token-privilege-did-expire')
    expect(events).toEqual([{ type: 'rtc/tokenExpired' }])
    client.publish.mockClear()
    await media.renewToken('fresh')
    expect(client.renewToken).not.toHaveBeenCalled()
    expect(client.join).toHaveBeenLastCalledWith('app', 'room-ch', 'fresh', 1234)
    expect(client.publish).toHaveBeenCalledWith([mic, camera])
    // Renewed in the channel again: the next one is a renewal.
    await media.renewToken('later')
    expect(client.renewToken).toHaveBeenCalledWith('later')
    expect(client.join).toHaveBeenCalledTimes(2)
  })
})
