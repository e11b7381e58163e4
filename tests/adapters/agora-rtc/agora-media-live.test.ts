import type { IAgoraRTC, IAgoraRTCClient } from 'agora-rtc-sdk-ng'
import { describe, expect, it } from 'vitest'
import type { Event } from '@streams/events'
import type { LivePush } from '@streams/ports'
import { AgoraMedia } from '../../../src/adapters/agora-rtc/agora-media'
import { fakeAgoraRtc, type FakeClient } from './fake-agora'
import type { ListenerArgs } from './sdk-events'

const push: LivePush = {
  tiles: [{ uid: '1234', x: 0, y: 0, width: 1280, height: 720, zOrder: 1 }],
  voices: [],
  heard: ['1234'],
  interpreters: [],
  paused: false,
  backgroundImage: '',
  images: [],
  targets: [{ streamId: '', url: 'rtmp://push.example.com/live/room-key', interpreterUid: '' }],
}

/** The error the SDK hands `live-streaming-error` listeners, as its own `on` overload says. */
type LiveError = ListenerArgs<IAgoraRTCClient['on'], 'live-streaming-error'>[1]

/** An AgoraRTCError as the SDK passes it (its class is not exported, so one is made to measure). */
function sdkError(message: string): LiveError {
  const error = Object.assign(new Error(message), {
    code: 'LIVE_STREAMING_CDN_ERROR',
    print: () => error,
    throw: (): never => {
      throw error
    },
  })
  return error as unknown as LiveError
}

async function joined(role: 'host' | 'audience') {
  const fake = fakeAgoraRtc()
  // The typed fake stands for the SDK's default export (the members the adapter uses).
  const media = new AgoraMedia({ load: async () => fake as unknown as IAgoraRTC })
  const events: Event[] = []
  media.events$.subscribe((e) => events.push(e))
  await media.join({ appId: 'app', channel: 'ch', uid: '1234', token: 't', role })
  return { media, events, client: fake.clients[0] as FakeClient }
}

describe('AgoraMedia.pushLive: the live push on the joined client', () => {
  it('[LIVE-1] an audience-role client becomes an Agora host, then sets the transcoding and starts the push on its own client', async () => {
    const { media, client, events } = await joined('audience')
    await media.pushLive(push)
    expect(client.setClientRole).toHaveBeenCalledWith('host')
    expect(client.setLiveTranscoding).toHaveBeenCalledTimes(1)
    expect(client.startLiveStreaming).toHaveBeenCalledWith(push.targets[0]!.url, true)
    expect(client.setClientRole.mock.invocationCallOrder[0]).toBeLessThan(
      client.startLiveStreaming.mock.invocationCallOrder[0]!,
    )
    expect(events.filter((e) => e.type === 'rtc/livePushChanged')).toEqual([
      { type: 'rtc/livePushChanged', streamId: '', state: 'starting' },
      { type: 'rtc/livePushChanged', streamId: '', state: 'running' },
    ])
    // The SDK's error for that URL fails the push, with the stream key hidden.
    client.emit('live-streaming-error', push.targets[0]!.url, sdkError('CDN refused'))
    expect(events.at(-1)).toEqual({
      type: 'rtc/livePushChanged',
      streamId: '',
      state: 'retrying',
      reason: 'LIVE_STREAMING_CDN_ERROR: CDN refused',
    })
  })

  it('stopping pushes nothing new; leaving unbinds the live callbacks; before a join nothing is called', async () => {
    const { media, client } = await joined('host')
    await media.pushLive(push)
    await media.pushLive(null)
    expect(client.stopLiveStreaming).toHaveBeenCalledWith(push.targets[0]!.url)
    expect(client.count('live-streaming-error')).toBe(1)
    await media.leave()
    expect(client.count('live-streaming-error')).toBe(0)
    expect(client.count('live-streaming-warning')).toBe(0)
    const idle = new AgoraMedia({ load: async () => fakeAgoraRtc() as unknown as IAgoraRTC })
    await expect(idle.pushLive(push)).resolves.toBeUndefined()
  })
})
