import { describe, expect, it } from 'vitest'
import type { RtcEvent } from '@streams/events'
import type { LivePush } from '@streams/ports'
import { AgoraLive } from '../../../src/adapters/agora-rtc/agora-live'
import { FakeLiveClient } from './fake-live-client'

const ROOM = 'rtmp://push.example.com/live/room-key'
const EN = 'rtmp://cdn.example.com/live/en-key'

const push: LivePush = {
  tiles: [{ uid: '200', x: 0, y: 0, width: 1280, height: 720, zOrder: 1 }],
  voices: [],
  heard: ['200'],
  interpreters: [],
  paused: false,
  backgroundImage: '',
  images: [],
  targets: [
    { streamId: '', url: ROOM, interpreterUid: '' },
    { streamId: 'en', url: EN, interpreterUid: '' },
  ],
}

/**
 * Agora's media push as each client sees it: a URL is pushed by one client at a time (another
 * client's start is refused, "the URL is occupied": LIVE_STREAMING_PUBLISH_STREAM_NOT_AUTHORIZED
 * in the SDK's declarations), and a client's stop ends its own push only.
 */
class SharedCdn {
  readonly owner = new Map<string, FakeLiveClient>()

  client(): FakeLiveClient {
    const client = new FakeLiveClient()
    const start = client.startLiveStreaming.getMockImplementation()!
    const stop = client.stopLiveStreaming.getMockImplementation()!
    client.startLiveStreaming.mockImplementation(async (url, transcoding) => {
      await start(url, transcoding)
      const owner = this.owner.get(url)
      if (owner && owner !== client)
        throw Object.assign(new Error('the URL is occupied'), {
          code: 'LIVE_STREAMING_PUBLISH_STREAM_NOT_AUTHORIZED',
        })
      this.owner.set(url, client)
    })
    client.stopLiveStreaming.mockImplementation(async (url) => {
      await stop(url)
      if (this.owner.get(url) === client) this.owner.delete(url)
    })
    return client
  }
}

function pusher(cdn: SharedCdn) {
  const client = cdn.client()
  const events: RtcEvent[] = []
  const live = new AgoraLive(client, (e) => events.push(e))
  const states = () =>
    events.flatMap((e) =>
      e.type === 'rtc/livePushChanged' ? [`${e.streamId || 'room'} ${e.state}`] : [],
    )
  return { client, live, states }
}

describe('AgoraLive: the push moving from the first host’s client to the next host’s', () => {
  it('[LIVE-1] the new pusher starting before the old one stopped is refused, then takes the URLs when told again; the old pusher’s later stop leaves them running', async () => {
    const cdn = new SharedCdn()
    const old = pusher(cdn)
    const next = pusher(cdn)
    await old.live.apply(push)
    // The next host's client learns first that the first host left: its URLs are still taken.
    await next.live.apply(push)
    expect(next.states()).toEqual(['room starting', 'room retrying', 'en starting', 'en retrying'])
    // The old pusher stops (its page leaves, or it is no longer the first host).
    await old.live.apply(null)
    expect(old.states().slice(-2)).toEqual(['room ended', 'en ended'])
    // The core tries a failed push again (LIVE_PUSH_RETRY_MS): now it runs.
    await next.live.apply(push)
    expect(next.states().slice(-4)).toEqual([
      'room starting',
      'room running',
      'en starting',
      'en running',
    ])
    expect([...cdn.owner.values()].every((c) => c === next.client)).toBe(true)
    // A late stop from the old client (told null again, then its client disposed) ends nothing.
    await old.live.apply(null)
    old.live.dispose()
    expect(cdn.owner.get(ROOM)).toBe(next.client)
    expect(cdn.owner.get(EN)).toBe(next.client)
    expect(next.states().at(-1)).toBe('en running')
  })

  it('[LIVE-1] the old pusher gone first: the next host’s client takes the same URLs at once', async () => {
    const cdn = new SharedCdn()
    const old = pusher(cdn)
    const next = pusher(cdn)
    await old.live.apply(push)
    await old.live.apply(null)
    await next.live.apply(push)
    expect(next.states()).toEqual(['room starting', 'room running', 'en starting', 'en running'])
    expect(next.client.log).toEqual(['transcoding 200', `start ${ROOM} true`, `start ${EN} true`])
  })
})
