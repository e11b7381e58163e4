import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { filter, firstValueFrom, map } from 'rxjs'
import {
  FfmpegProcess,
  locateFfmpeg,
  type FfmpegInstall,
} from '../../../../src/server/media/compose/ffmpeg'
import { displayOf } from '../../../../src/server/media/janus/display'
import { JanusLink } from '../../../../src/server/media/janus/link'
import { locateJanus } from '../../../../src/server/media/janus/locate'
import { newFeedId } from '../../../../src/server/media/janus/monitor'
import type { JanusRoomRef } from '../../../../src/server/media/janus/protocol'
import { JanusRooms } from '../../../../src/server/media/janus/rooms'
import { JanusSupervisor } from '../../../../src/server/media/janus/supervisor'
import {
  remoteStreams,
  rtpOutputArgs,
  type InputTracks,
} from '../../../../src/server/media/ingest/rtp-out'
import type { JanusServer } from '../../../../src/server/media/plane'
import { openDb, type Db } from '../../../../src/server/store/db'
import { addMember } from '../../../../src/server/store/seats'
import { migrate } from '../../../../src/server/store/migrations'
import { createRoom, type RoomRow } from '../../../../src/server/store/rooms'
import { quiet } from './scratch'

export { quiet }

/**
 * A stage for the composition tests: our own Janus, a database with a room, and people in it
 * whose camera is ffmpeg's test pattern (a remote publisher, as an RTMP input is).
 */
export class Stage {
  readonly dir = mkdtempSync(join(tmpdir(), 'roomcast-stage-'))
  ffmpeg!: FfmpegInstall
  server!: JanusServer
  db!: Db
  private supervisor!: JanusSupervisor
  private readonly cleanup: (() => Promise<unknown>)[] = []
  private nextRoom = 9800 + Math.floor(Math.random() * 100) * 10

  async open(): Promise<void> {
    const install = locateJanus()
    if (!install) throw new Error('Janus is not installed (apt-get install janus)')
    const found = locateFfmpeg()
    if ('missing' in found) throw new Error(found.missing)
    this.ffmpeg = found.install
    this.supervisor = new JanusSupervisor({ install, dir: join(this.dir, 'janus'), log: quiet })
    await this.supervisor.start()
    const link = new JanusLink(
      this.supervisor.state$.pipe(map((s) => (s.kind === 'up' ? s.endpoint : null))),
      quiet,
      'local',
    )
    await firstValueFrom(link.state$.pipe(filter((s) => s.up)))
    this.server = { link, rooms: new JanusRooms(link) }
    this.db = await openDb({ memory: true })
    await migrate(this.db)
  }

  async room(): Promise<{ row: RoomRow; ref: JanusRoomRef }> {
    const row = await createRoom(this.db, {
      roomName: `stage ${this.nextRoom}`,
      roomType: 2,
      passwordHash: '',
      createUserId: 'host',
      now: Date.now(),
    })
    const ref = { id: this.nextRoom++, secret: `s${this.nextRoom}` }
    await this.server.rooms.ensure(ref, { publishers: 8 })
    return { row, ref }
  }

  async member(roomId: string, name: string, role: 1 | 2 = 2) {
    return addMember(this.db, {
      roomId,
      userId: name,
      userName: name,
      userPhoto: '',
      role,
      enableAudio: 1,
      enableVideo: 1,
      now: Date.now(),
    })
  }

  /** A publisher of `uid` in the room sending a test pattern (and a tone) as its camera. */
  async publish(
    ref: JanusRoomRef,
    uid: string,
    tracks: InputTracks = { audio: true, video: true },
    size = '320x180',
  ) {
    const published = await publishPattern(this.server, this.ffmpeg, ref, uid, tracks, size)
    this.cleanup.push(published.stop)
    return published
  }

  later(undo: () => Promise<unknown>): void {
    this.cleanup.push(undo)
  }

  async close(): Promise<void> {
    for (const undo of this.cleanup.reverse()) await undo().catch(() => undefined)
    await this.server?.link.close()
    await this.supervisor?.stop()
    await this.db?.close()
    rmSync(this.dir, { recursive: true, force: true })
  }
}

/**
 * A publisher of `uid` in a Janus room whose camera is ffmpeg's test pattern and whose microphone
 * a tone (a remote publisher, as an RTMP input is). `stop` ends it.
 */
export async function publishPattern(
  server: JanusServer,
  ffmpeg: FfmpegInstall,
  ref: JanusRoomRef,
  uid: string,
  tracks: InputTracks = { audio: true, video: true },
  size = '320x180',
  /** The camera's picture: an ffmpeg lavfi source (a test pattern by default). */
  picture = `testsrc2=size=${size}:rate=15`,
) {
  const feed = newFeedId()
  const display = displayOf({ uid, source: 'camera', tileUid: uid })
  const remote = await server.rooms.addRemotePublisher(ref, feed, display, remoteStreams(tracks))
  // A source that paces itself (the `realtime` filter) is not paced again by `-re`: the two
  // together run it at a fraction of its rate.
  const paced = /(^|,)realtime(,|$)/.test(picture) ? [] : ['-re']
  const inputs = [
    ...(tracks.video ? [...paced, '-f', 'lavfi', '-i', picture] : []),
    ...(tracks.audio ? ['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'] : []),
  ]
  // rtpOutputArgs maps 0:a and 0:v: the tone is input 1 when there is a picture.
  const args = rtpOutputArgs(tracks, remote).map((a) =>
    a === '0:a:0' && tracks.video ? '1:a:0' : a === '0:v:0' ? '0:v:0' : a,
  )
  const sender = new FfmpegProcess(ffmpeg.ffmpeg, [...inputs, ...args], {
    name: `sender ${uid}`,
    stdin: false,
  })
  const stop = async () => {
    await sender.stop()
    await server.rooms.removeRemotePublisher(ref, feed)
  }
  return { feed, sender, stop }
}
