import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SfuMedia } from '../../../src/adapters/sfu-media/sfu-media'
import { SLOW_LINK_CALM_MS } from '../../../src/adapters/sfu-media/slow-link'
import type { Event } from '@streams/events'
import type { FeedInfo, SfuServerFrame } from '@streams/wire/sfu'

/** The SFU signalling's server end: acknowledges every request, and pushes what a test says. */
class FakeSocket {
  static readonly OPEN = 1
  static last: FakeSocket | undefined
  readyState = 0
  readonly sent: Record<string, unknown>[] = []
  private readonly listeners = new Map<string, Set<(e: unknown) => void>>()

  constructor(readonly url: string) {
    FakeSocket.last = this
    setTimeout(() => {
      this.readyState = FakeSocket.OPEN
      this.dispatch('open', {})
    }, 0)
  }

  addEventListener(type: string, listener: (e: unknown) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set())
    this.listeners.get(type)!.add(listener)
  }

  removeEventListener(type: string, listener: (e: unknown) => void) {
    this.listeners.get(type)?.delete(listener)
  }

  send(text: string) {
    const frame = JSON.parse(text) as { t: string; id: number }
    this.sent.push(frame)
    const data = frame.t === 'join' ? { feeds: FEEDS } : undefined
    setTimeout(() => this.push({ t: 'ack', id: frame.id, ...(data ? { data } : {}) }), 0)
  }

  close() {
    this.readyState = 3
    this.dispatch('close', {})
  }

  push(frame: SfuServerFrame) {
    this.dispatch('message', { data: JSON.stringify(frame) })
  }

  requests(t: string) {
    return this.sent.filter((f) => f.t === t)
  }

  private dispatch(type: string, event: unknown) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener(event)
  }
}

/** A remote member's camera: audio and a simulcast video. */
const FEEDS: FeedInfo[] = [
  { feed: 7, uid: '300', tile: '300', source: 'camera', audio: 'a0', video: 'v1', simulcast: true },
]

const join = { appId: 'a', channel: 'ch', uid: '200', token: 't', role: 'host' as const }

async function joined() {
  const media = new SfuMedia({ url: 'ws://sfu.test/sfu', statsIntervalMs: 600_000 })
  const events: Event[] = []
  media.events$.subscribe((e) => events.push(e))
  const joining = media.join(join)
  await vi.advanceTimersByTimeAsync(10)
  await joining
  const socket = FakeSocket.last!
  // The core watches the camera at the top layer.
  await media.subscribe('300', 'video', 'high')
  await vi.advanceTimersByTimeAsync(100)
  return { media, events, socket }
}

describe('SfuMedia: what the SFU says of my links and my streams', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.stubGlobal('WebSocket', FakeSocket)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('losses on what I receive (slowLink) lower the layer one step a report, and it climbs back after calm', async () => {
    const { socket, media } = await joined()
    expect(socket.requests('want').at(-1)).toMatchObject({
      streams: expect.arrayContaining([{ feed: 7, mid: 'v1', substream: 2 }]),
    })
    const layers = () => socket.requests('layer').map((f) => f.substream)
    socket.push({ t: 'slowLink', pc: 'sub', uplink: false, lost: 40 })
    await vi.advanceTimersByTimeAsync(100)
    expect(layers()).toEqual([1])
    socket.push({ t: 'slowLink', pc: 'sub', uplink: false, lost: 40 })
    await vi.advanceTimersByTimeAsync(100)
    expect(layers()).toEqual([1, 0])
    // A third report cannot go below the low layer.
    socket.push({ t: 'slowLink', pc: 'sub', uplink: false, lost: 40 })
    await vi.advanceTimersByTimeAsync(SLOW_LINK_CALM_MS - 200)
    expect(layers()).toEqual([1, 0])
    await vi.advanceTimersByTimeAsync(300)
    expect(layers()).toEqual([1, 0, 1])
    await vi.advanceTimersByTimeAsync(SLOW_LINK_CALM_MS)
    expect(layers()).toEqual([1, 0, 1, 2])
    await vi.advanceTimersByTimeAsync(SLOW_LINK_CALM_MS * 2)
    expect(layers()).toEqual([1, 0, 1, 2])
    await media.leave()
  })

  it('[TRACK-9] a slow link marks my quality poor (3) at once, and it recovers after calm', async () => {
    const { socket, events, media } = await joined()
    const mine = () =>
      events.flatMap((e) =>
        e.type === 'rtc/networkQualityChanged' && e.uid === '200' ? [[e.uplink, e.downlink]] : [],
      )
    socket.push({ t: 'slowLink', pc: 'camera', uplink: true, lost: 25 })
    await vi.advanceTimersByTimeAsync(10)
    expect(mine()).toEqual([[3, 0]])
    socket.push({ t: 'slowLink', pc: 'sub', uplink: false, lost: 25 })
    await vi.advanceTimersByTimeAsync(10)
    expect(mine()).toEqual([
      [3, 0],
      [3, 3],
    ])
    await vi.advanceTimersByTimeAsync(SLOW_LINK_CALM_MS + 100)
    // Back to no measure at all once calm: nothing of the links says otherwise.
    expect(mine().at(-1)).toEqual([0, 0])
    await media.leave()
  })

  it('a stream the SFU mutes or releases by the room’s permissions becomes rtc/localModerated', async () => {
    const { socket, events, media } = await joined()
    socket.push({ t: 'moderated', source: 'camera', kind: 'audio', muted: true })
    socket.push({ t: 'moderated', source: 'camera', kind: 'audio', muted: false })
    socket.push({ t: 'moderated', source: 'camera', kind: 'video', muted: true })
    await vi.advanceTimersByTimeAsync(10)
    expect(events.filter((e) => e.type === 'rtc/localModerated')).toEqual([
      { type: 'rtc/localModerated', kind: 'audio', muted: true },
      { type: 'rtc/localModerated', kind: 'audio', muted: false },
      { type: 'rtc/localModerated', kind: 'video', muted: true },
    ])
    await media.leave()
  })

  it('the active speaker: talking on and off from the SFU marks the tiles that talk, and leaving clears them', async () => {
    const { socket, media } = await joined()
    const seen: string[][] = []
    media.talking$.subscribe((tiles) => seen.push([...tiles].sort()))
    socket.push({ t: 'talking', tile: '300', on: true })
    socket.push({ t: 'talking', tile: '301', on: true })
    socket.push({ t: 'talking', tile: '300', on: false })
    await vi.advanceTimersByTimeAsync(10)
    expect(seen).toEqual([[], ['300'], ['300', '301'], ['301']])
    await media.leave()
    expect(seen.at(-1)).toEqual([])
  })

  it('a network change restarts ICE: the server is asked for a restart offer, once per burst of signals', async () => {
    // The browser's window and its Network Information API, as event targets.
    const window = new EventTarget()
    const connection = new EventTarget()
    vi.stubGlobal('addEventListener', window.addEventListener.bind(window))
    vi.stubGlobal('removeEventListener', window.removeEventListener.bind(window))
    vi.stubGlobal('navigator', { connection })
    const { socket, media } = await joined()
    expect(socket.requests('restart')).toHaveLength(0)
    window.dispatchEvent(new Event('online'))
    connection.dispatchEvent(new Event('change'))
    await vi.advanceTimersByTimeAsync(10)
    expect(socket.requests('restart')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(2500)
    connection.dispatchEvent(new Event('change'))
    await vi.advanceTimersByTimeAsync(10)
    expect(socket.requests('restart')).toHaveLength(2)
    // Left: a network change restarts nothing.
    await media.leave()
    await vi.advanceTimersByTimeAsync(2500)
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(10)
    expect(socket.requests('restart')).toHaveLength(2)
  })
})
