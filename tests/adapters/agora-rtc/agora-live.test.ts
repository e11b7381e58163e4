import type { LiveStreamingTranscodingImage } from 'agora-rtc-sdk-ng'
import { describe, expect, it } from 'vitest'
import type { RtcEvent } from '@streams/events'
import type { LivePush } from '@streams/ports'
import { AgoraLive } from '../../../src/adapters/agora-rtc/agora-live'
import {
  MUTED_AUDIO_CHANNEL,
  transcodingOf,
} from '../../../src/adapters/agora-rtc/agora-live-layout'
import { FakeLiveClient } from './fake-live-client'

const ROOM = 'rtmp://push.example.com/live/room-key'
const EN = 'rtmp://cdn.example.com/live/en-key'

const push = (over: Partial<LivePush> = {}): LivePush => ({
  tiles: [
    { uid: '100', x: 0, y: 0, width: 960, height: 720, zOrder: 1 },
    { uid: '200', x: 960, y: 0, width: 320, height: 180, zOrder: 2 },
  ],
  voices: ['300'],
  heard: ['100', '200', '300'],
  interpreters: [],
  paused: false,
  backgroundImage: '',
  images: [],
  targets: [
    { streamId: '', url: ROOM, interpreterUid: '' },
    { streamId: 'en', url: EN, interpreterUid: '' },
  ],
  ...over,
})

function setup() {
  const client = new FakeLiveClient()
  const events: RtcEvent[] = []
  const live = new AgoraLive(client, (e) => events.push(e))
  const states = () =>
    events.flatMap((e) =>
      e.type === 'rtc/livePushChanged' ? [`${e.streamId || 'room'} ${e.state}`] : [],
    )
  return { client, events, live, states }
}

describe('AgoraLive: the room live through Agora transcoding and media push', () => {
  it('[LIVE-1] sets the transcoding before starting each URL with transcoding on; each push reports starting, then running', async () => {
    const { client, live, states } = setup()
    await live.apply(push())
    expect(client.log).toEqual([
      'transcoding 100,200,300',
      `start ${ROOM} true`,
      `start ${EN} true`,
    ])
    expect(client.setLiveTranscoding).toHaveBeenCalledWith(transcodingOf(push()))
    expect(states()).toEqual(['room starting', 'room running', 'en starting', 'en running'])
  })

  it('a new layout sets the transcoding again without restarting the pushes; the same one is not set again', async () => {
    const { client, live } = setup()
    await live.apply(push())
    client.log.length = 0
    await live.apply(push())
    expect(client.log).toEqual([])
    await live.apply(push({ tiles: push().tiles.slice(0, 1), voices: ['200', '300'] }))
    expect(client.log).toEqual(['transcoding 100,200,300'])
  })

  it('a URL no longer listed is stopped, a new one started; null stops every push', async () => {
    const { client, live, states } = setup()
    await live.apply(push())
    client.log.length = 0
    const fr = 'rtmp://cdn.example.com/live/fr-key'
    await live.apply(
      push({
        targets: [
          { streamId: '', url: ROOM, interpreterUid: '' },
          { streamId: 'fr', url: fr, interpreterUid: '' },
        ],
      }),
    )
    expect(client.log).toEqual([`stop ${EN}`, `start ${fr} true`])
    client.log.length = 0
    await live.apply(null)
    expect(client.log).toEqual([`stop ${ROOM}`, `stop ${fr}`])
    expect(states().slice(-2)).toEqual(['room ended', 'fr ended'])
    // Live again later: the transcoding is set afresh.
    client.log.length = 0
    await live.apply(push())
    expect(client.log[0]).toBe('transcoding 100,200,300')
  })

  it('a refused start or a live-streaming error fails that push with the reason (the stream key hidden); told again, it is stopped and started anew', async () => {
    const { client, live, events, states } = setup()
    client.failStart.add(EN)
    await live.apply(push())
    const failed = events.at(-1)
    expect(failed).toMatchObject({ type: 'rtc/livePushChanged', streamId: 'en', state: 'retrying' })
    expect(JSON.stringify(events)).not.toContain('en-key')
    expect((failed as { reason: string }).reason).toBe(
      'LIVE_STREAMING_CDN_ERROR: cannot push to rtmp://cdn.example.com/live/••••',
    )
    client.failStart.clear()
    client.fire('live-streaming-error', ROOM, 'LIVE_STREAMING_INTERNAL_SERVER_ERROR')
    expect(states().at(-1)).toBe('room retrying')
    client.log.length = 0
    await live.apply(push())
    expect(client.log).toEqual([
      `stop ${ROOM}`,
      `start ${ROOM} true`,
      `stop ${EN}`,
      `start ${EN} true`,
    ])
    expect(states().slice(-4)).toEqual([
      'room starting',
      'room running',
      'en starting',
      'en running',
    ])
    // Errors of URLs it does not push are not its own.
    client.fire('live-streaming-error', 'rtmp://other/x', 'LIVE_STREAMING_CDN_ERROR')
    expect(states().at(-1)).toBe('en running')
  })

  it('a refused transcoding starts nothing and fails every push; warnings are exceptions', async () => {
    const { client, live, events, states } = setup()
    client.failTranscoding = true
    await live.apply(push())
    expect(client.startLiveStreaming).not.toHaveBeenCalled()
    expect(states()).toEqual(['room retrying', 'en retrying'])
    client.failTranscoding = false
    await live.apply(push())
    expect(client.log.slice(-3)).toEqual([
      'transcoding 100,200,300',
      `start ${ROOM} true`,
      `start ${EN} true`,
    ])
    client.fire('live-streaming-warning', EN, 'LIVE_STREAMING_WARN_FAILED_LOAD_IMAGE')
    expect(events.at(-1)).toEqual({
      type: 'rtc/exceptionRaised',
      code: 'LIVE_STREAMING_WARN_FAILED_LOAD_IMAGE',
      message: 'LIVE_STREAMING_WARN_FAILED_LOAD_IMAGE at rtmp://cdn.example.com/live/••••',
    })
  })

  it('dispose unbinds both callbacks', () => {
    const { client, live } = setup()
    expect([...client.listeners.keys()]).toEqual(['live-streaming-error', 'live-streaming-warning'])
    live.dispose()
    expect(client.listeners.size).toBe(0)
  })
})

describe('transcodingOf: local mode program and the CDN layout as Agora transcoding', () => {
  it('720p30 at 2,500 kbps, GOP 15, Main profile, AAC stereo 48 kHz 128 kbps, the composition background; places at their positions and layers, voices of no size', () => {
    const config = transcodingOf(push({ backgroundImage: 'https://img.example.com/bg.png' }))
    expect(config).toEqual({
      width: 1280,
      height: 720,
      videoBitrate: 2500,
      videoFrameRate: 30,
      videoGop: 15,
      videoCodecProfile: 77,
      audioBitrate: 128,
      audioSampleRate: 48000,
      audioChannels: 2,
      backgroundColor: 0x18181c,
      backgroundImage: {
        url: 'https://img.example.com/bg.png',
        x: 0,
        y: 0,
        width: 1280,
        height: 720,
        alpha: 1,
      },
      transcodingUsers: [
        { uid: 100, x: 0, y: 0, width: 960, height: 720, zOrder: 1, alpha: 1 },
        { uid: 200, x: 960, y: 0, width: 320, height: 180, zOrder: 2, alpha: 1 },
        { uid: 300, x: 0, y: 0, width: 0, height: 0, zOrder: 0, alpha: 0 },
      ],
    })
    expect(transcodingOf(push())).not.toHaveProperty('backgroundImage')
  })

  it('[LAYOUT-1] the pictures of names and cards become transcoding images (url, place, alpha), in order; none: no images', () => {
    const label = {
      url: 'https://meet.example.com/media/cards/label/960x720/Hana.png',
      x: 0,
      y: 688,
      width: 960,
      height: 32,
      alpha: 1,
    }
    const card = {
      url: 'https://meet.example.com/media/cards/card/320x180/300/Carl.png',
      x: 960,
      y: 180,
      width: 320,
      height: 180,
      alpha: 1,
    }
    const config = transcodingOf(push({ images: [label, card] }))
    const images: LiveStreamingTranscodingImage[] | undefined = config.images
    expect(images).toEqual([label, card])
    // The users keep their layers (1 to 100); the SDK puts `images` at 255, above them.
    expect(Math.max(...config.transcodingUsers!.map((u) => u.zOrder ?? 0))).toBeLessThanOrEqual(100)
    expect(transcodingOf(push())).not.toHaveProperty('images')
  })

  it('the room’s sound leaves a placed interpreter out (seen, not heard); a language’s sound is its stage’s mix alone, silent while paused', () => {
    const interpreted = push({ interpreters: ['200'], voices: ['300'] })
    expect(MUTED_AUDIO_CHANNEL).toBe(0xff)
    expect(transcodingOf(interpreted).transcodingUsers).toEqual([
      { uid: 100, x: 0, y: 0, width: 960, height: 720, zOrder: 1, alpha: 1 },
      { uid: 200, x: 960, y: 0, width: 320, height: 180, zOrder: 2, alpha: 1, audioChannel: 0xff },
      { uid: 300, x: 0, y: 0, width: 0, height: 0, zOrder: 0, alpha: 0 },
    ])
    const language = transcodingOf(interpreted, { stageUid: '12345' })
    expect(language.transcodingUsers).toEqual([
      { uid: 100, x: 0, y: 0, width: 960, height: 720, zOrder: 1, alpha: 1, audioChannel: 0xff },
      { uid: 200, x: 960, y: 0, width: 320, height: 180, zOrder: 2, alpha: 1, audioChannel: 0xff },
      { uid: 12345, x: 0, y: 0, width: 0, height: 0, zOrder: 0, alpha: 0 },
    ])
    // The same program otherwise.
    expect({ ...language, transcodingUsers: [] }).toEqual({
      ...transcodingOf(interpreted),
      transcodingUsers: [],
    })
    const paused = transcodingOf(push({ tiles: [], voices: [], paused: true }), {
      stageUid: '12345',
    })
    expect(paused.transcodingUsers).toEqual([])
    // 17 places: the language's push keeps 16 and its stage.
    const many = Array.from({ length: 17 }, (_, i) => ({ ...push().tiles[1]!, uid: `${400 + i}` }))
    const full = transcodingOf(push({ tiles: many }), { stageUid: '12345' }).transcodingUsers!
    expect([full.length, full.at(-1)!.uid, full.at(-2)!.uid]).toEqual([17, 12345, 415])
  })
})
