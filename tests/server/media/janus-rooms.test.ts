import { createSocket } from 'node:dgram'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { filter, firstValueFrom, map } from 'rxjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { displayOf } from '../../../src/server/media/janus/display'
import { JanusLink } from '../../../src/server/media/janus/link'
import { locateJanus } from '../../../src/server/media/janus/locate'
import { newFeedId, RoomMonitor } from '../../../src/server/media/janus/monitor'
import { PublisherHandle, SubscriberHandle } from '../../../src/server/media/janus/participant'
import type { JanusPublisher, JanusRoomRef } from '../../../src/server/media/janus/protocol'
import { JanusRooms } from '../../../src/server/media/janus/rooms'
import { JanusSupervisor } from '../../../src/server/media/janus/supervisor'
import { settled, until, WeriftPublisher, WeriftSubscriber } from './werift-peer'

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }

describe('the Janus room client', () => {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-janus-'))
  let supervisor: JanusSupervisor
  let link: JanusLink
  let rooms: JanusRooms
  const cleanup: (() => Promise<void>)[] = []
  let nextRoom = 9000

  beforeAll(async () => {
    const install = locateJanus()
    if (!install)
      throw new Error('Janus is not installed (apt-get install janus): .ci/run installs it')
    supervisor = new JanusSupervisor({ install, dir, log: quiet })
    await supervisor.start()
    link = new JanusLink(
      supervisor.state$.pipe(map((s) => (s.kind === 'up' ? s.endpoint : null))),
      quiet,
      'local',
    )
    await firstValueFrom(link.state$.pipe(filter((s) => s.up)))
    rooms = new JanusRooms(link)
  })

  afterAll(async () => {
    for (const undo of cleanup.reverse()) await undo().catch(() => undefined)
    await link?.close()
    await supervisor?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  /** A room with a monitor, a publisher sending audio and video, and a subscriber of both. */
  async function stage() {
    const room: JanusRoomRef = { id: nextRoom++, secret: `secret-${nextRoom}` }
    await rooms.ensure(room, { publishers: 4 })
    let seen: readonly JanusPublisher[] = []
    const monitor = await RoomMonitor.open(link, room, {
      publishers: (list) => (seen = list),
      talking: () => undefined,
      gone: () => undefined,
    })
    const feed = newFeedId()
    const handle = await PublisherHandle.join(
      link,
      room,
      feed,
      displayOf({ uid: 'u1', source: 'camera', tileUid: 'u1' }),
    )
    const sender = new WeriftPublisher({ audio: true, video: true })
    await sender.answered(await handle.offer(await sender.offer()))
    sender.start()
    await until(
      () => seen.some((p) => p.feed === feed && p.streams.length === 2),
      30_000,
      'the publisher seen',
    )
    const receiver = new WeriftSubscriber()
    const subscriber = await SubscriberHandle.create(link, room, ({ offer }) => {
      void receiver.answer(offer).then((answer) => subscriber.answer(answer))
    })
    const streams = seen.find((p) => p.feed === feed)!.streams
    await subscriber.update(
      streams.map((s) => ({ feed, mid: s.mid })),
      [],
    )
    cleanup.push(async () => {
      await sender.close()
      await receiver.close()
      await subscriber.close()
      await handle.close()
      await monitor.close()
    })
    return { room, monitor, feed, handle, sender, receiver, subscriber, streams, seen: () => seen }
  }

  it('creates a room once, however many ask at the same time', async () => {
    const room: JanusRoomRef = { id: nextRoom++, secret: 'x' }
    await Promise.all([1, 2, 3].map(() => rooms.ensure(room, { publishers: 2 })))
    await expect(rooms.publishers(room)).resolves.toEqual([])
  })

  it('relays a publisher to a subscriber, and names the publisher as our server joined it', async () => {
    const { receiver, monitor, feed } = await stage()
    await until(
      () => receiver.received.audio > 10 && receiver.received.video > 10,
      30_000,
      'media relayed',
    )
    expect(monitor.publisher(feed)?.display).toBe(
      displayOf({ uid: 'u1', source: 'camera', tileUid: 'u1' }),
    )
  })

  it('moderation mutes one stream at the SFU, and lifting it lets the stream through again', async () => {
    const { room, receiver, feed, streams } = await stage()
    await until(() => receiver.received.audio > 10, 30_000, 'audio relayed')
    const audio = streams.find((s) => s.type === 'audio')!
    await rooms.moderate(room, feed, audio.mid, true)
    await settled(() => receiver.received.audio, 'the muted audio')
    const muted = { ...receiver.received }
    await until(() => receiver.received.video > muted.video + 20, 30_000, 'video still relayed')
    expect(receiver.received.audio).toBe(muted.audio)
    await rooms.moderate(room, feed, audio.mid, false)
    await until(() => receiver.received.audio > muted.audio + 10, 30_000, 'audio back')
  })

  it('a kick takes the publisher out of the room at once', async () => {
    const { room, feed, seen } = await stage()
    await rooms.kick(room, feed)
    await until(() => !seen().some((p) => p.feed === feed), 30_000, 'the feed gone')
    await expect(rooms.publishers(room)).resolves.toEqual([])
    await expect(rooms.kick(room, feed)).resolves.toBeUndefined()
    await expect(rooms.moderate(room, feed, '0', true)).rejects.toThrow(/428/)
  })

  it('an update drops a stream from the subscription', async () => {
    const { receiver, subscriber, feed, streams } = await stage()
    await until(() => receiver.received.video > 10, 30_000, 'video relayed')
    const video = streams.find((s) => s.type === 'video')!
    await subscriber.update([], [{ feed, mid: video.mid }])
    await until(
      () => !subscriber.streams.some((s) => s.active && s.type === 'video'),
      30_000,
      'video unsubscribed',
    )
    const after = await settled(() => receiver.received.video, 'the dropped video')
    await until(() => receiver.received.audio > 40, 30_000, 'audio still relayed')
    expect(receiver.received.video).toBe(after)
  })

  it('forwards a publisher as plain RTP to a UDP port (rtp_forward), and stops', async () => {
    const { room, feed, streams } = await stage()
    const socket = createSocket('udp4')
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()))
    cleanup.push(async () => {
      socket.close()
    })
    let packets = 0
    socket.on('message', () => packets++)
    const video = streams.find((s) => s.type === 'video')!
    const forwarders = await rooms.forward(room, feed, '127.0.0.1', [
      { mid: video.mid, port: socket.address().port },
    ])
    expect(forwarders).toHaveLength(1)
    await until(() => packets > 20, 30_000, 'forwarded RTP')
    await rooms.stopForward(room, feed, forwarders[0]!.streamId)
    const stopped = await settled(() => packets, 'the stopped forwarder')
    await new Promise((r) => setTimeout(r, 500))
    expect(packets).toBe(stopped)
  })
})
