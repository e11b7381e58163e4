import { describe, expect, it, vi } from 'vitest'
import type { RtcEvent } from '@streams/events'
import type { LivePush } from '@streams/ports'
import { AgoraLive } from '../../../src/adapters/agora-rtc/agora-live'
import { MUTED_AUDIO_CHANNEL } from '../../../src/adapters/agora-rtc/agora-live-layout'
import {
  LanguagePushes,
  type LanguageStage,
} from '../../../src/adapters/agora-rtc/agora-language-push'
import { FakeContext, streamOf, track } from './fake-audio'
import { FakeLiveClient } from './fake-live-client'
import { LanguageMix } from '../../../src/adapters/agora-rtc/agora-language-mix'

const ROOM = 'rtmp://push.example.com/live/room-key'
const EN = 'rtmp://cdn.example.com/live/en-key'
const FR = 'rtmp://cdn.example.com/live/fr-key'

/** 100 (large) and 300 placed; 200 heard only; 300 interprets into en; fr has no interpreter. */
const push = (over: Partial<LivePush> = {}): LivePush => ({
  tiles: [
    { uid: '100', x: 0, y: 0, width: 960, height: 720, zOrder: 1 },
    { uid: '300', x: 960, y: 0, width: 320, height: 180, zOrder: 2 },
  ],
  voices: ['200'],
  heard: ['100', '200'],
  interpreters: ['300'],
  paused: false,
  backgroundImage: '',
  images: [],
  targets: [
    { streamId: '', url: ROOM, interpreterUid: '' },
    { streamId: 'en', url: EN, interpreterUid: '300' },
    { streamId: 'fr', url: FR, interpreterUid: '' },
  ],
  ...over,
})

function setup() {
  const client = new FakeLiveClient()
  const context = new FakeContext()
  const events: RtcEvent[] = []
  const tracks = new Map(['100', '200', '300'].map((uid) => [uid, track(`t${uid}`)]))
  const stages: (LanguageStage & { streamId: string; published: MediaStreamTrack })[] = []
  const refuse = { stage: false }
  const openStage = vi.fn(async (streamId: string, published: MediaStreamTrack) => {
    if (refuse.stage) throw Object.assign(new Error('no stage token'), { code: 'STAGE_REFUSED' })
    const stage = {
      streamId,
      published,
      uid: String(12345 + stages.length),
      client: new FakeLiveClient(),
      leave: vi.fn(async () => undefined),
    }
    stages.push(stage)
    return stage
  })
  // Each mix over the fake context, its inputs made streams the fake way (no MediaStream here).
  const mixes: LanguageMix[] = []
  const languages = new LanguagePushes({
    openStage,
    context: () => context,
    audioTrackOf: (uid) => tracks.get(uid),
    emit: (e) => events.push(e),
    mix: (ctx) => {
      const mix = new LanguageMix(ctx, streamOf)
      mixes.push(mix)
      return mix
    },
  })
  const live = new AgoraLive(client, (e) => events.push(e), languages)
  const states = () =>
    events.flatMap((e) =>
      e.type === 'rtc/livePushChanged' ? [`${e.streamId || 'room'} ${e.state}`] : [],
    )
  /** The en mix's levels by track id. */
  const levels = (i = 0) =>
    Object.fromEntries([...mixes[i]!.levels()].map(([t, level]) => [t.id, level]))
  return { client, context, events, tracks, stages, refuse, openStage, live, states, levels }
}

describe('AgoraLive with languages: each interpreted language pushed from its own stage with its own sound', () => {
  it('the room and fr from the pusher’s client with the room’s sound (300 seen, not heard); en from its stage: the same picture, silent, and the stage’s mix', async () => {
    const { client, context, stages, live, states, levels } = setup()
    await live.apply(push())
    expect(client.log).toEqual([
      'transcoding 100,300,200',
      `start ${ROOM} true`,
      `start ${FR} true`,
    ])
    const room = client.setLiveTranscoding.mock.calls[0]![0].transcodingUsers!
    expect(room.map((u) => [u.uid, u.audioChannel])).toEqual([
      [100, undefined],
      [300, MUTED_AUDIO_CHANNEL],
      [200, undefined],
    ])
    expect(stages.map((s) => [s.streamId, s.uid])).toEqual([['en', '12345']])
    // The stage publishes the mix's output track, and pushes en alone.
    expect(stages[0]!.published).toBe(context.mixed)
    const stage = stages[0]!.client as FakeLiveClient
    expect(stage.log).toEqual(['transcoding 100,300,12345', `start ${EN} true`])
    const en = stage.setLiveTranscoding.mock.calls[0]![0].transcodingUsers!
    expect(en.map((u) => [u.uid, u.audioChannel ?? 0, u.width])).toEqual([
      [100, MUTED_AUDIO_CHANNEL, 960],
      [300, MUTED_AUDIO_CHANNEL, 320],
      [12345, 0, 0],
    ])
    // The mix: the room (100, 200) at 0.2, the interpreter 300 at 1.0.
    expect(levels()).toEqual({ t100: 0.2, t200: 0.2, t300: 1 })
    expect(states()).toEqual([
      'room starting',
      'room running',
      'fr starting',
      'fr running',
      'en starting',
      'en running',
    ])
  })

  it('who is heard and who interprets change the mix in place: no push restarts; an interpreter not heard leaves the room at 1.0', async () => {
    const { client, stages, tracks, live, levels } = setup()
    await live.apply(push())
    const stage = stages[0]!.client as FakeLiveClient
    client.log.length = 0
    stage.log.length = 0
    // 300's microphone gone from this browser (unpublished): the room's sound alone, at 1.0.
    tracks.delete('300')
    live.remix()
    expect(levels()).toEqual({ t100: 1, t200: 1 })
    tracks.set('300', track('t300'))
    live.remix()
    expect(levels()).toEqual({ t100: 0.2, t200: 0.2, t300: 1 })
    // 200 stops talking (no longer heard): out of the mix; the picture is the same, so no call.
    await live.apply(push({ heard: ['100'], voices: [] }))
    expect(levels()).toEqual({ t100: 0.2, t300: 1 })
    // Another interpreter (200 now) for en: the same stage, the same push, the mix follows.
    const targets = push().targets.map((t) =>
      t.streamId === 'en' ? { ...t, interpreterUid: '200' } : t,
    )
    await live.apply(push({ heard: ['100'], voices: [], interpreters: ['200'], targets }))
    expect(levels()).toEqual({ t100: 0.2, t200: 1 })
    expect(stages).toHaveLength(1)
    expect(stage.log).toEqual([])
    // The room's sound: 200 no longer a voice; then 300 (no longer interpreting) heard in its place.
    expect(client.log).toEqual(['transcoding 100,300', 'transcoding 100,300'])
    const last = client.setLiveTranscoding.mock.calls.at(-1)![0].transcodingUsers!
    expect(last.map((u) => u.audioChannel)).toEqual([undefined, undefined])
    // Paused: the mix silent, the stage heard no more.
    await live.apply(push({ tiles: [], voices: [], heard: [], paused: true }))
    expect(levels()).toEqual({})
    expect(stage.log).toEqual(['transcoding '])
  })

  it('a language losing its interpreter falls back to the room’s sound on the pusher’s client; its stage stops and leaves', async () => {
    const { client, stages, live, states } = setup()
    await live.apply(push())
    client.log.length = 0
    const plain = push({
      interpreters: [],
      heard: ['100', '200', '300'],
      targets: push().targets.map((t) => ({ ...t, interpreterUid: '' })),
    })
    await live.apply(plain)
    const stage = stages[0]!
    expect((stage.client as FakeLiveClient).log.at(-1)).toBe(`stop ${EN}`)
    expect(stage.leave).toHaveBeenCalled()
    expect(client.log).toEqual(['transcoding 100,300,200', `start ${EN} true`])
    expect(states().slice(-3)).toEqual(['en ended', 'en starting', 'en running'])
    // The other way round: en to a stage again (a fresh one), the pusher's client stops it.
    client.log.length = 0
    await live.apply(push())
    expect(client.log).toEqual([`stop ${EN}`, 'transcoding 100,300,200'])
    expect((stages[1]!.client as FakeLiveClient).log.at(-1)).toBe(`start ${EN} true`)
    expect(stages).toHaveLength(2)
    expect(states().at(-1)).toBe('en running')
  })

  it('a stage that cannot open fails its push (retrying, with the reason) and opens when told again; null and dispose end every stage', async () => {
    const { stages, refuse, live, states, events } = setup()
    refuse.stage = true
    await live.apply(push())
    expect(states()).toContain('en retrying')
    expect(events.find((e) => e.type === 'rtc/livePushChanged' && e.state === 'retrying')).toEqual({
      type: 'rtc/livePushChanged',
      streamId: 'en',
      state: 'retrying',
      reason: 'STAGE_REFUSED: no stage token',
    })
    refuse.stage = false
    await live.apply(push())
    expect(stages).toHaveLength(1)
    expect(states().at(-1)).toBe('en running')
    await live.apply(null)
    expect(stages[0]!.leave).toHaveBeenCalledTimes(1)
    expect(states().slice(-3).sort()).toEqual(['en ended', 'fr ended', 'room ended'])
    await live.apply(push())
    live.dispose()
    expect(stages[1]!.leave).toHaveBeenCalledTimes(1)
  })

  it('every push on a stage (no room push, every language interpreted): the pusher’s client sets no transcoding', async () => {
    const { client, stages, live } = setup()
    await live.apply(push({ targets: [push().targets[1]!] }))
    expect(client.log).toEqual([])
    expect((stages[0]!.client as FakeLiveClient).log).toEqual([
      'transcoding 100,300,12345',
      `start ${EN} true`,
    ])
  })

  it('a stage still opening when the pusher leaves fails silently: nothing to try again', async () => {
    const events: RtcEvent[] = []
    let refuse: ((error: Error) => void) | undefined
    const languages = new LanguagePushes({
      openStage: () => new Promise<never>((_, reject) => (refuse = reject)),
      context: () => new FakeContext(),
      audioTrackOf: () => undefined,
      emit: (e) => events.push(e),
      mix: (ctx) => new LanguageMix(ctx, streamOf),
    })
    const pushing = languages.apply(push())
    await vi.waitFor(() => expect(refuse).toBeDefined())
    languages.dispose()
    refuse!(new Error('left the channel'))
    await pushing
    expect(events).toEqual([])
  })
})
