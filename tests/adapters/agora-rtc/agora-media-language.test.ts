import type { IAgoraRTC } from 'agora-rtc-sdk-ng'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Event } from '@streams/events'
import type { LivePush } from '@streams/ports'
import { AgoraMedia } from '../../../src/adapters/agora-rtc/agora-media'
import { MUTED_AUDIO_CHANNEL } from '../../../src/adapters/agora-rtc/agora-live-layout'
import { FakeContext } from './fake-audio'
import { fakeAgoraRtc, remoteUser, type FakeClient, type FakeCustomAudioTrack } from './fake-agora'

const ROOM = 'rtmp://push.example.com/live/room-key'
const EN = 'rtmp://cdn.example.com/live/en-key'
const en = { stage: 'language', streamId: 'en' } as const

/** I (100) push: placed and heard; 300 interprets into en (heard by nobody but en). */
const push: LivePush = {
  tiles: [{ uid: '100', x: 0, y: 0, width: 1280, height: 720, zOrder: 1 }],
  voices: [],
  heard: ['100'],
  interpreters: ['300'],
  paused: false,
  backgroundImage: '',
  images: [],
  targets: [
    { streamId: '', url: ROOM, interpreterUid: '' },
    { streamId: 'en', url: EN, interpreterUid: '300' },
  ],
}

afterEach(() => {
  vi.unstubAllGlobals()
})

async function pusher() {
  // Node has no MediaStream: the mix wraps each input track in one, named after the track.
  vi.stubGlobal(
    'MediaStream',
    class {
      readonly id: string
      constructor(tracks: MediaStreamTrack[]) {
        this.id = tracks[0]!.id
      }
    },
  )
  const fake = fakeAgoraRtc()
  const context = new FakeContext()
  const media = new AgoraMedia({
    load: async () => fake as unknown as IAgoraRTC,
    audioContext: () => context,
  })
  const events: Event[] = []
  media.events$.subscribe((e) => events.push(e))
  await media.join({ appId: 'app', channel: 'ch', uid: '100', token: 't', role: 'host' })
  const client = fake.clients[0] as FakeClient
  await media.publish('audio', {})
  const interpreter = remoteUser(300, { audio: true })
  client.remoteUsers.push(interpreter)
  await media.subscribe('300', 'audio')
  /** Each mixed input's level, by its track's id. */
  const levels = () =>
    Object.fromEntries(
      context.sources
        .filter((s) => s.outputs.size > 0)
        .map((s) => [s.name.replace('source ', ''), [...s.outputs][0]!])
        .map(([name, gain]) => [name, (gain as unknown as { gain: { value: number } }).gain.value]),
    )
  return { fake, context, media, events, client, interpreter, levels }
}

describe('AgoraMedia: an interpreted language pushed from its stage with the pusher’s mix', () => {
  it('asks the core for the stage token, joins the stage with it, publishes the mix and pushes en from the stage; the room from the pusher’s client', async () => {
    const { fake, context, media, events, client, levels } = await pusher()
    const pushing = media.pushLive(push)
    await vi.waitFor(() =>
      expect(events).toContainEqual({ type: 'rtc/stageTokenNeeded', stage: en }),
    )
    await media.setStageToken(en, { uid: '12345', token: 'stage-token' })
    await pushing
    const stage = fake.clients[1] as FakeClient
    expect(stage.join).toHaveBeenCalledWith('app', 'ch', 'stage-token', 12345)
    const published = fake.createCustomAudioTrack.mock.results[0]!.value as FakeCustomAudioTrack
    expect(published.config.mediaStreamTrack).toBe(context.mixed)
    expect(stage.publish).toHaveBeenCalledWith(published)
    expect(stage.startLiveStreaming).toHaveBeenCalledWith(EN, true)
    const users = stage.setLiveTranscoding.mock.calls[0]![0].transcodingUsers!
    expect(users.map((u) => [u.uid, u.audioChannel])).toEqual([
      [100, MUTED_AUDIO_CHANNEL],
      [12345, undefined],
    ])
    expect(client.startLiveStreaming.mock.calls).toEqual([[ROOM, true]])
    // My microphone (the room) at 0.2 under the interpreter's voice at 1.0.
    expect(levels()).toEqual({ microphone: 0.2, 'remote-audio': 1 })
    expect(events.filter((e) => e.type === 'rtc/livePushChanged').map((e) => e.streamId)).toEqual([
      '',
      '',
      'en',
      'en',
    ])
  })

  it('the interpreter unpublishing leaves the room at 1.0 at once; the stage token renewed through the core; leaving ends the stage; a refused token fails the push', async () => {
    const { fake, media, events, client, interpreter, levels } = await pusher()
    const pushing = media.pushLive(push)
    await vi.waitFor(() => expect(events.at(-1)?.type).toBe('rtc/stageTokenNeeded'))
    await media.setStageToken(en, { uid: '12345', token: 'stage-token' })
    await pushing
    interpreter.audioTrack = undefined
    client.emit('user-unpublished', interpreter, 'audio')
    expect(levels()).toEqual({ microphone: 1 })
    const stage = fake.clients[1] as FakeClient
    // The stage's token nears its end: asked again of the core, renewed on the stage's client.
    stage.emit('token-privilege-will-expire')
    await vi.waitFor(() =>
      expect(events.at(-1)).toEqual({ type: 'rtc/stageTokenNeeded', stage: en }),
    )
    await media.setStageToken(en, { uid: '12345', token: 'fresh-token' })
    await vi.waitFor(() => expect(stage.renewToken).toHaveBeenCalledWith('fresh-token'))
    await media.leave()
    expect(stage.leave).toHaveBeenCalled()

    const again = await pusher()
    const refused = again.media.pushLive(push)
    await vi.waitFor(() => expect(again.events.at(-1)?.type).toBe('rtc/stageTokenNeeded'))
    await again.media.setStageToken(en, null)
    await refused
    expect(again.events.at(-1)).toEqual({
      type: 'rtc/livePushChanged',
      streamId: 'en',
      state: 'retrying',
      reason: 'the stage token was refused',
    })
    expect(again.fake.clients).toHaveLength(1)
  })
})
