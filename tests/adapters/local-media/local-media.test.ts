import { Subject } from 'rxjs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LocalMedia } from '../../../src/adapters/local-media/local-media'
import type { Capture } from '../../../src/adapters/webrtc/local-tracks'
import {
  decodeSignal,
  encodeSignal,
  type SignalBody,
} from '../../../src/adapters/local-media/signal-codec'
import type { SignalLink } from '../../../src/adapters/local-media/signaller'
import type { Event } from '@streams/events'

/** A fake track: enough of MediaStreamTrack for the adapter's bookkeeping. */
function fakeTrack(kind: 'audio' | 'video') {
  const listeners: (() => void)[] = []
  return {
    kind,
    readyState: 'live',
    stop: vi.fn(),
    getSettings: () => ({ width: 640, height: 480 }),
    addEventListener: (_: string, f: () => void) => listeners.push(f),
    end: () => listeners.forEach((f) => f()),
  }
}

function setup(
  options: { members?: string[]; failCamera?: boolean; autoSubscribe?: boolean } = {},
) {
  const signals = new Subject<{ from: string; text: string }>()
  const memberLeft = new Subject<string>()
  const sent: { to: string; signal: unknown }[] = []
  const link: SignalLink = {
    signals$: signals,
    memberLeft$: memberLeft,
    sendSignal: async (to, text) => {
      const decoded = decodeSignal(text)
      sent.push({ to, signal: 'signal' in decoded ? decoded.signal : decoded })
      return true
    },
    channelMembers: async () => options.members ?? [],
  }
  const tracks: ReturnType<typeof fakeTrack>[] = []
  const capture: Capture = {
    getUserMedia: async (constraints) => {
      const kind = constraints?.audio ? 'audio' : 'video'
      if (kind === 'video' && options.failCamera) throw new DOMException('busy', 'NotReadableError')
      const track = fakeTrack(kind)
      tracks.push(track)
      return {
        getAudioTracks: () => (kind === 'audio' ? [track] : []),
        getVideoTracks: () => (kind === 'video' ? [track] : []),
      } as unknown as MediaStream
    },
    getDisplayMedia: async () => {
      throw new DOMException('denied', 'NotAllowedError')
    },
  }
  const media = new LocalMedia({
    link,
    capture: () => capture,
    limits: { publishers: 2, watchers: 1 },
    statsIntervalMs: 60_000,
    autoSubscribe: options.autoSubscribe ?? false,
  })
  const events: Event[] = []
  media.events$.subscribe((e) => events.push(e))
  const from = (uid: string, body: SignalBody, channel = 'ch') =>
    signals.next({ from: uid, text: encodeSignal(channel, body) })
  return { media, events, sent, from, memberLeft, tracks }
}

const join = { appId: 'a', channel: 'ch', uid: 'me', token: 't', role: 'host' as const }
const settle = () => new Promise((r) => setTimeout(r, 0))

describe('LocalMedia signalling', () => {
  beforeEach(() => vi.useRealTimers())
  afterEach(() => vi.restoreAllMocks())

  it('joining names the mesh and its limits (rtc/meshJoined) and greets every other member of the channel (the core reports rtc/joined)', async () => {
    const { media, events, sent } = setup({ members: ['me', 'a', 'b'] })
    await media.join(join)
    await settle()
    expect(events).toEqual([{ type: 'rtc/meshJoined', publishers: 2, watchers: 1 }])
    expect(sent.map((s) => s.to)).toEqual(['a', 'b'])
    expect(sent[0]?.signal).toMatchObject({ t: 'hello', reply: false, ch: 'ch' })
  })

  it('a hello makes a user join with what it publishes, and is answered with mine', async () => {
    const { media, events, sent, from } = setup()
    await media.join(join)
    from('a', { t: 'hello', reply: false, pub: { audio: true, video: true } })
    await settle()
    expect(events).toEqual([
      { type: 'rtc/meshJoined', publishers: 2, watchers: 1 },
      { type: 'rtc/userJoined', uid: 'a' },
      { type: 'rtc/userPublished', uid: 'a', kind: 'audio' },
      { type: 'rtc/userPublished', uid: 'a', kind: 'video' },
    ])
    expect(sent).toEqual([
      {
        to: 'a',
        signal: { rtc: 1, ch: 'ch', t: 'hello', reply: true, pub: { audio: false, video: false } },
      },
    ])
  })

  it('ignores signals of another channel and before joining', async () => {
    const { media, events, from } = setup()
    from('a', { t: 'hello', reply: false, pub: { audio: true, video: false } })
    await media.join(join)
    from('a', { t: 'hello', reply: false, pub: { audio: true, video: false } }, 'other')
    await settle()
    expect(events).toEqual([{ type: 'rtc/meshJoined', publishers: 2, watchers: 1 }])
  })

  it('a bad signal is reported, not thrown', async () => {
    const { media, events } = setup()
    await media.join(join)
    ;(media as unknown as { receive(f: string, t: string): void }).receive('a', '{"rtc":1,"t":"x"}')
    expect(events.at(-1)).toMatchObject({
      type: 'rtc/exceptionRaised',
      code: 'BAD_SIGNAL',
      uid: 'a',
    })
  })

  it('[KICK-2] a member whose connection drops leaves the media session too', async () => {
    const { media, events, from, memberLeft } = setup()
    await media.join(join)
    from('a', { t: 'hello', reply: true, pub: { audio: false, video: true } })
    memberLeft.next('a')
    await settle()
    expect(events.at(-1)).toEqual({ type: 'rtc/userLeft', uid: 'a', reason: 'ServerTimeOut' })
  })

  it('[TRACK-1] publishing tells every peer what I publish now; unpublishing too', async () => {
    const { media, events, sent, from, tracks } = setup()
    await media.join(join)
    from('a', { t: 'hello', reply: true, pub: { audio: false, video: false } })
    await media.publish('video', {})
    expect(sent.at(-1)).toEqual({
      to: 'a',
      signal: { rtc: 1, ch: 'ch', t: 'pub', pub: { audio: false, video: true } },
    })
    await media.unpublish('video')
    expect(tracks[0]?.stop).toHaveBeenCalled()
    expect(events.some((e) => e.type.startsWith('rtc/local'))).toBe(false) // the core reports those
    expect(sent.at(-1)?.signal).toMatchObject({ t: 'pub', pub: { audio: false, video: false } })
  })

  it('a publish made while my hello is on its way still reaches the peer that answers it', async () => {
    const { media, sent, from } = setup({ members: ['a'] })
    await media.join(join)
    await media.publish('audio', {})
    from('a', { t: 'hello', reply: true, pub: { audio: false, video: false } })
    await settle()
    expect(sent.map((s) => s.signal)).toEqual([
      { rtc: 1, ch: 'ch', t: 'hello', reply: false, pub: { audio: false, video: false } },
      { rtc: 1, ch: 'ch', t: 'pub', pub: { audio: true, video: false } },
    ])
  })

  it('[TRACK-7] the microphone is opened with echo and noise suppression, no gain control, mono', async () => {
    const { media } = setup()
    const spy = vi.fn()
    ;(media as unknown as { tracks: { capture: () => Capture } }).tracks.capture = () => ({
      getUserMedia: async (c) => {
        spy(c)
        const t = fakeTrack('audio')
        return { getAudioTracks: () => [t], getVideoTracks: () => [] } as unknown as MediaStream
      },
      getDisplayMedia: async () => ({}) as MediaStream,
    })
    await media.join(join)
    await media.publish('audio', { deviceId: 'mic-2' })
    expect(spy).toHaveBeenCalledWith({
      audio: {
        deviceId: { exact: 'mic-2' },
        echoCancellation: true,
        noiseSuppression: true,
        autoGainControl: false,
        channelCount: 1,
      },
    })
  })

  it('[TRACK-2] a camera that fails fails the call (the core reports rtc/localTrackFailed)', async () => {
    const { media } = setup({ failCamera: true })
    await media.join(join)
    await expect(media.publish('video', {})).rejects.toThrow('busy')
  })

  it('refuses to publish beyond the publisher limit, naming it (rtc/limitReached)', async () => {
    const { media, events, from, tracks } = setup()
    await media.join(join)
    from('a', { t: 'hello', reply: true, pub: { audio: true, video: true } })
    from('b', { t: 'hello', reply: true, pub: { audio: false, video: true } })
    await expect(media.publish('video', {})).rejects.toThrow(
      'local mode sustains at most 2 publishers',
    )
    expect(tracks).toEqual([])
    expect(events.at(-1)).toEqual({ type: 'rtc/limitReached', limit: 'publishers', max: 2 })
  })

  it('a publisher refusing me as a watcher becomes rtc/limitReached for watchers', async () => {
    const { media, events, from, sent } = setup()
    await media.join(join)
    from('a', { t: 'hello', reply: true, pub: { audio: false, video: true } })
    await media.subscribe('a', 'video', 'low')
    expect(sent.at(-1)?.signal).toMatchObject({
      t: 'watch',
      wish: { audio: false, video: 'low', screen: false },
    })
    from('a', { t: 'refused', limit: 'watchers', max: 8 })
    expect(events.at(-1)).toEqual({ type: 'rtc/limitReached', limit: 'watchers', max: 8 })
  })

  it('subscribing to a screen-share uid asks its owner for the screen', async () => {
    const { media, from, sent } = setup()
    await media.join(join)
    from('a', { t: 'hello', reply: true, pub: { audio: false, video: false, screen: 'a-s' } })
    await media.subscribe('a-s', 'video')
    expect(sent.at(-1)).toMatchObject({
      to: 'a',
      signal: { t: 'watch', wish: { audio: false, video: null, screen: true } },
    })
    await media.unsubscribe('a-s', 'video')
    expect(sent.at(-1)?.signal).toMatchObject({
      wish: { audio: false, video: null, screen: false },
    })
  })

  it('[TRACK-5] a camera unplugged mid-call is rtc/trackEnded, and comes back on the fallback device', async () => {
    const { media, events, tracks, sent } = setup()
    await media.join(join)
    await media.publish('video', { deviceId: 'cam-1' })
    tracks[0]?.end()
    expect(events.at(-1)).toEqual({ type: 'rtc/trackEnded', kind: 'video' })
    await media.switchDevice('camera', 'cam-2')
    expect(tracks).toHaveLength(2)
    expect(events.at(-1)).toEqual({ type: 'rtc/localPublished', kind: 'video' })
    await media.switchDevice('microphone', 'mic-2') // nothing to bring back
    expect(tracks).toHaveLength(2)
    expect(sent).toEqual([])
  })

  it('auto-subscribes to each publication when asked to, at the high quality', async () => {
    const { media, from, sent } = setup({ autoSubscribe: true })
    await media.join(join)
    from('a', { t: 'hello', reply: true, pub: { audio: true, video: true } })
    expect(sent.map((s) => s.signal).filter((s) => (s as { t: string }).t === 'watch')).toEqual([
      { rtc: 1, ch: 'ch', t: 'watch', wish: { audio: true, video: null, screen: false } },
      { rtc: 1, ch: 'ch', t: 'watch', wish: { audio: true, video: 'high', screen: false } },
    ])
  })

  it('[SCREEN-2] leaving says goodbye to every peer, closes my tracks and reports rtc/left', async () => {
    const { media, events, sent, from, tracks } = setup()
    await media.join(join)
    from('a', { t: 'hello', reply: true, pub: { audio: false, video: false } })
    await media.publish('audio', {})
    await media.leave()
    expect(sent.at(-1)).toEqual({ to: 'a', signal: { rtc: 1, ch: 'ch', t: 'bye' } })
    expect(tracks[0]?.stop).toHaveBeenCalled()
    expect(events.at(-1)).toEqual({ type: 'rtc/left' })
  })
})
