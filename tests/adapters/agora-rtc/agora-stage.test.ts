import { describe, expect, it, vi } from 'vitest'
import type { IAgoraRTC, IAgoraRTCClient } from 'agora-rtc-sdk-ng'
import type { RtcEvent } from '@streams/events'
import { AgoraStage } from '../../../src/adapters/agora-rtc/agora-stage'
import { bindClientEvents } from '../../../src/adapters/agora-rtc/client-events'
import {
  fakeAgoraRtc,
  remoteUser,
  type FakeClient,
  type FakeCustomAudioTrack,
  type FakeCustomVideoTrack,
} from './fake-agora'

const join = { appId: 'app', channel: 'room-ch', uid: '12345', token: 'stage-token' }
/** A browser track as the canvas capture or the Web Audio mix hands it (only passed through). */
const browserTrack = (kind: 'audio' | 'video') => ({ kind, id: `${kind}-1` }) as MediaStreamTrack

function stage(hooks = {}) {
  const fake = fakeAgoraRtc()
  const s = new AgoraStage(fake as unknown as IAgoraRTC, join, hooks)
  const client = fake.clients[0] as FakeClient
  return { fake, s, client }
}

describe('AgoraStage: a stage uid publishing one custom track', () => {
  it('joins a live-mode host client of its own under the stage uid and publishes a custom video track', async () => {
    const { fake, s, client } = stage()
    const track = browserTrack('video')
    await s.start({ kind: 'video', track, frameRate: 5, bitrateMax: 800 })
    expect(client.config).toEqual({ mode: 'live', codec: 'vp8', role: 'host' })
    expect(client.join).toHaveBeenCalledWith('app', 'room-ch', 'stage-token', 12345)
    expect(fake.createCustomVideoTrack).toHaveBeenCalledWith({
      mediaStreamTrack: track,
      frameRate: 5,
      bitrateMax: 800,
      optimizationMode: 'detail',
    })
    const published = fake.createCustomVideoTrack.mock.results[0]!.value as FakeCustomVideoTrack
    expect(client.publish).toHaveBeenCalledWith(published)
    expect(s.uid).toBe('12345')
  })

  it('a sound source becomes a custom audio track', async () => {
    const { fake, s, client } = stage()
    const track = browserTrack('audio')
    await s.start({ kind: 'audio', track })
    expect(fake.createCustomAudioTrack).toHaveBeenCalledWith({ mediaStreamTrack: track })
    const published = fake.createCustomAudioTrack.mock.results[0]!.value as FakeCustomAudioTrack
    expect(client.publish).toHaveBeenCalledWith(published)
    expect(fake.createCustomVideoTrack).not.toHaveBeenCalled()
  })

  it("its client's token warnings reach the hooks; a renewal before the end renews, after it joins and publishes again", async () => {
    const tokenWillExpire = vi.fn()
    const tokenExpired = vi.fn()
    const { fake, s, client } = stage({ tokenWillExpire, tokenExpired })
    await s.start({ kind: 'video', track: browserTrack('video') })
    const published = fake.createCustomVideoTrack.mock.results[0]!.value as FakeCustomVideoTrack
    client.emit('token-privilege-will-expire')
    expect(tokenWillExpire).toHaveBeenCalledTimes(1)
    await s.renewToken('fresh-1')
    expect(client.renewToken).toHaveBeenCalledWith('fresh-1')
    expect(client.join).toHaveBeenCalledTimes(1)

    client.emit('token-privilege-did-expire')
    expect(tokenExpired).toHaveBeenCalledTimes(1)
    await s.renewToken('fresh-2')
    expect(client.renewToken).toHaveBeenCalledTimes(1)
    expect(client.join).toHaveBeenLastCalledWith('app', 'room-ch', 'fresh-2', 12345)
    expect(client.publish).toHaveBeenCalledTimes(2)
    expect(client.publish).toHaveBeenLastCalledWith(published)
    // Back in: the next warning renews again.
    await s.renewToken('fresh-3')
    expect(client.renewToken).toHaveBeenLastCalledWith('fresh-3')
  })

  it('a refused join closes the track, leaves and fails the call', async () => {
    const { fake, s, client } = stage()
    client.join.mockRejectedValueOnce(new Error('CAN_NOT_GET_GATEWAY_SERVER'))
    await expect(s.start({ kind: 'video', track: browserTrack('video') })).rejects.toThrow(
      'CAN_NOT_GET_GATEWAY_SERVER',
    )
    const track = fake.createCustomVideoTrack.mock.results[0]!.value as FakeCustomVideoTrack
    expect(track.close).toHaveBeenCalled()
    expect(client.leave).toHaveBeenCalled()
    expect(client.count()).toBe(0)
    await expect(s.start({ kind: 'video', track: browserTrack('video') })).rejects.toThrow(
      'the stage has stopped',
    )
  })

  it('stops cleanly: unpublishes, closes, leaves, unbinds its listeners; a renewal after it does nothing', async () => {
    const tokenWillExpire = vi.fn()
    const { fake, s, client } = stage({ tokenWillExpire })
    await s.start({ kind: 'video', track: browserTrack('video') })
    const track = fake.createCustomVideoTrack.mock.results[0]!.value as FakeCustomVideoTrack
    expect(client.count()).toBe(2)
    await s.stop()
    expect(client.unpublish).toHaveBeenCalledWith(track)
    expect(track.close).toHaveBeenCalledTimes(1)
    expect(client.leave).toHaveBeenCalledTimes(1)
    expect(client.count()).toBe(0)
    client.emit('token-privilege-will-expire')
    expect(tokenWillExpire).not.toHaveBeenCalled()
    await s.renewToken('late')
    await s.stop()
    expect(client.renewToken).not.toHaveBeenCalled()
    expect(client.leave).toHaveBeenCalledTimes(1)
  })
})

describe("a member's client", () => {
  it('does not take a stage uid for a remote user (it is no member); four- and six-digit uids are', () => {
    const client = fakeAgoraRtc().createClient({ mode: 'live', codec: 'vp8' })
    const events: RtcEvent[] = []
    bindClientEvents(
      client as unknown as IAgoraRTCClient,
      () => '123456',
      () => false,
      (e) => events.push(e),
    )
    for (const uid of [12345, 99999, 1234, 100000]) {
      client.emit('user-joined', remoteUser(uid))
      client.emit('user-published', remoteUser(uid), 'video')
    }
    expect(events.map((e) => 'uid' in e && e.uid)).toEqual(['1234', '1234', '100000', '100000'])
  })
})
