// The page a media bench drives: one participant with the real messaging and local media
// adapters against the real server, no UI. Bundled by harness.ts; runs in Chromium.
import { LocalMedia } from '../../../src/adapters/local-media/local-media'
import { LocalMessaging } from '../../../src/adapters/local-messaging/local-messaging'
import { SfuMedia } from '../../../src/adapters/sfu-media/sfu-media'
import type { Event } from '@streams/events'
import type { EntryAnswerData } from '@streams/wire/rest/room'

interface Stream {
  uid: string
  frames: number
  fps: number
  width: number
  height: number
}

const events: Event[] = []
let media: LocalMedia | SfuMedia | undefined
let me: EntryAnswerData['me'] | undefined
let channel = ''
let roomId = ''

async function enter(form: Record<string, unknown>): Promise<{ uid: string }> {
  const answer = await fetch('/api/s1/serve/roomcast/v1/room/entry', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(form),
  })
  const body = (await answer.json()) as { code: number; msg: string; data: EntryAnswerData }
  if (body.code !== 0) throw new Error(body.msg)
  me = body.data.me
  channel = body.data.roomInfo.channelName
  roomId = body.data.roomInfo.roomId
  return { uid: me.uid }
}

/** Joins messaging and media; publishers publish; everyone watches every publisher's camera. */
async function start(options: {
  publish: boolean
  /** The peer-to-peer mesh (default) or the Janus SFU. */
  engine?: 'mesh' | 'sfu'
  quality?: 'high' | 'low'
  profile?: { width: number; height: number; bitrate: number; frameRate: number }
}) {
  if (!me) throw new Error('enter first')
  const { protocol, host } = location
  const messaging = new LocalMessaging(`${protocol === 'https:' ? 'wss' : 'ws'}://${host}/rtm`)
  await messaging.login(me.uid, me.rtmToken)
  await messaging.join(channel)
  // The bench finds the limits, so the adapter's own are lifted.
  media =
    options.engine === 'sfu'
      ? new SfuMedia({ url: `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/sfu` })
      : new LocalMedia({ link: messaging, limits: { publishers: 99, watchers: 99 } })
  const m = media
  m.events$.subscribe((e) => {
    events.push(e)
    if (e.type === 'rtc/userPublished') void m.subscribe(e.uid, e.kind, options.quality ?? 'high')
  })
  await m.join({
    appId: me.appID,
    channel: channel,
    uid: me.uid,
    token: me.rtcToken,
    role: options.publish ? 'host' : 'audience',
  })
  if (options.publish) {
    await m.publish('audio', {})
    await m.publish('video', {
      profile: options.profile ?? { width: 240, height: 140, bitrate: 240, frameRate: 15 },
    })
  }
}

const tiles = new Map<string, HTMLElement>()

/** Shows each remote uid with video in a tile, as the app does. */
function showAll(size = { width: 240, height: 140 }): void {
  media?.videoUids$.subscribe((uids) => {
    for (const uid of uids) {
      if (uid === me?.uid || tiles.has(uid)) continue
      const tile = document.createElement('div')
      tile.style.cssText = `width:${size.width}px;height:${size.height}px;display:inline-block`
      document.body.appendChild(tile)
      tiles.set(uid, tile)
      media?.attachVideo(uid, tile)
    }
  })
}

/** Frames decoded per remote stream over `ms`, from requestVideoFrameCallback. */
async function measure(ms: number): Promise<Stream[]> {
  const videos = [...document.querySelectorAll('video')].filter((v) => v.dataset.uid !== me?.uid)
  const counts = new Map<HTMLVideoElement, number>(videos.map((v) => [v, 0]))
  let running = true
  for (const video of videos) {
    const onFrame = () => {
      counts.set(video, (counts.get(video) ?? 0) + 1)
      if (running) video.requestVideoFrameCallback(onFrame)
    }
    video.requestVideoFrameCallback(onFrame)
  }
  await new Promise((r) => setTimeout(r, ms))
  running = false
  return videos.map((v) => ({
    uid: v.dataset.uid ?? '',
    frames: counts.get(v) ?? 0,
    fps: ((counts.get(v) ?? 0) * 1000) / ms,
    width: v.videoWidth,
    height: v.videoHeight,
  }))
}

/** Resolves at the first frame of any remote video; answers performance.now() then. */
function firstRemoteFrame(): Promise<number> {
  return new Promise((resolve) => {
    const seen = new WeakSet<HTMLVideoElement>()
    const poll = () => {
      for (const v of document.querySelectorAll('video')) {
        if (v.dataset.uid === me?.uid || seen.has(v)) continue
        seen.add(v)
        v.requestVideoFrameCallback(() => resolve(performance.now()))
      }
      setTimeout(poll, 5)
    }
    poll()
  })
}

/** As the room's host: turns another member's microphone and camera on (a host's grant). */
async function grant(uid: string): Promise<void> {
  const answer = await fetch(`/api/s1/serve/roomcast/v1/room/${roomId}/user/${uid}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ enableAudio: 1, enableVideo: 1 }),
  })
  const body = (await answer.json()) as { code: number; msg: string }
  if (body.code !== 0) throw new Error(`grant refused: ${body.msg}`)
}

async function stop(): Promise<void> {
  await media?.leave()
}

Object.assign(window, {
  bench: { enter, start, showAll, measure, firstRemoteFrame, grant, stop, events: () => events },
})
