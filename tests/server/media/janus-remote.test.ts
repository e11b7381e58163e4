import { createSocket } from 'node:dgram'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { filter, firstValueFrom, map } from 'rxjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FfmpegProcess,
  locateFfmpeg,
  type FfmpegInstall,
} from '../../../src/server/media/compose/ffmpeg'
import { displayOf } from '../../../src/server/media/janus/display'
import { JanusLink } from '../../../src/server/media/janus/link'
import { locateJanus } from '../../../src/server/media/janus/locate'
import { newFeedId, RoomMonitor } from '../../../src/server/media/janus/monitor'
import { SubscriberHandle } from '../../../src/server/media/janus/participant'
import type { JanusPublisher, JanusRoomRef } from '../../../src/server/media/janus/protocol'
import { JanusRooms } from '../../../src/server/media/janus/rooms'
import { JanusSupervisor } from '../../../src/server/media/janus/supervisor'
import { remoteStreams, rtpOutputArgs } from '../../../src/server/media/ingest/rtp-out'
import { until, WeriftSubscriber } from './werift-peer'

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }

/** ffmpeg's test pattern and a tone, at a small size to spare the machine. */
const TEST_SOURCE = [
  ...['-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15'],
  ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
]

describe('remote publishers and forwarders (plain RTP in and out of Janus)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-janus-'))
  let supervisor: JanusSupervisor
  let link: JanusLink
  let rooms: JanusRooms
  let ffmpeg: FfmpegInstall
  const cleanup: (() => Promise<unknown>)[] = []
  let nextRoom = 9500

  beforeAll(async () => {
    const install = locateJanus()
    if (!install) throw new Error('Janus is not installed (apt-get install janus)')
    const found = locateFfmpeg()
    if ('missing' in found) throw new Error(found.missing)
    ffmpeg = found.install
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

  async function remoteInRoom() {
    const room: JanusRoomRef = { id: nextRoom++, secret: `secret-${nextRoom}` }
    await rooms.ensure(room, { publishers: 4 })
    let seen: readonly JanusPublisher[] = []
    const monitor = await RoomMonitor.open(link, room, {
      publishers: (list) => (seen = list),
      talking: () => undefined,
      gone: () => undefined,
    })
    const feed = newFeedId()
    const tracks = { audio: true, video: true }
    const display = displayOf({ uid: '1234', source: 'camera', tileUid: '1234' })
    const remote = await rooms.addRemotePublisher(room, feed, display, remoteStreams(tracks))
    // Input 0 must be the picture for rtpOutputArgs: put the tone second, map it as 1:a.
    const args = rtpOutputArgs(tracks, remote).map((a) => (a === '0:a:0' ? '1:a:0' : a))
    const sender = new FfmpegProcess(ffmpeg.ffmpeg, [...TEST_SOURCE, ...args], {
      name: 'test sender',
      stdin: false,
    })
    cleanup.push(
      () => sender.stop(),
      () => monitor.close(),
    )
    return { room, feed, remote, sender, seen: () => seen }
  }

  it('a remote publisher fed by ffmpeg is a publisher of the room, relayed to subscribers', async () => {
    const { room, feed, remote, seen } = await remoteInRoom()
    expect(remote.ssrcs).toEqual([1000, 1010])
    await until(() => seen().some((p) => p.feed === feed), 30_000, 'the remote publisher seen')
    const publisher = seen().find((p) => p.feed === feed)!
    expect(publisher.display).toBe(displayOf({ uid: '1234', source: 'camera', tileUid: '1234' }))
    expect(publisher.streams.map((s) => [s.type, s.codec])).toEqual([
      ['audio', 'opus'],
      ['video', 'vp8'],
    ])
    const receiver = new WeriftSubscriber()
    const subscriber = await SubscriberHandle.create(link, room, ({ offer }) => {
      void receiver.answer(offer).then((answer) => subscriber.answer(answer))
    })
    cleanup.push(
      () => receiver.close(),
      () => subscriber.close(),
    )
    await subscriber.update(
      publisher.streams.map((s) => ({ feed, mid: s.mid })),
      [],
    )
    await until(
      () => receiver.received.audio > 20 && receiver.received.video > 20,
      30_000,
      'the input relayed',
    )
  })

  it('forwards a stream with an RTCP port for key frame requests, and removing the publisher ends it', async () => {
    const { room, feed, seen } = await remoteInRoom()
    await until(() => seen().some((p) => p.feed === feed), 30_000, 'the remote publisher seen')
    const video = seen()
      .find((p) => p.feed === feed)!
      .streams.find((s) => s.type === 'video')!
    const socket = createSocket('udp4')
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()))
    cleanup.push(async () => socket.close())
    let packets = 0
    socket.on('message', () => packets++)
    const [forwarder] = await rooms.forward(room, feed, '127.0.0.1', [
      { mid: video.mid, port: socket.address().port, rtcpPort: socket.address().port, pt: 96 },
    ])
    expect(forwarder?.localRtcpPort).toBeGreaterThan(0)
    await until(() => packets > 20, 30_000, 'forwarded RTP')
    await rooms.removeRemotePublisher(room, feed)
    await until(() => !seen().some((p) => p.feed === feed), 30_000, 'the publisher gone')
    await expect(rooms.removeRemotePublisher(room, feed)).resolves.toBeUndefined()
  })
})
