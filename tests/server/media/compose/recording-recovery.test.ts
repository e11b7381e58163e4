import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Deps } from '../../../../src/server/deps'
import { Broadcasts } from '../../../../src/server/media/compose/broadcasts'
import { FfmpegProcess, ffprobe, locateFfmpeg } from '../../../../src/server/media/compose/ffmpeg'
import { recordingFiles } from '../../../../src/server/media/compose/recorder'
import { localRecordingEngine } from '../../../../src/server/rooms/local-recording'
import { recoverCloudRecordings } from '../../../../src/server/rooms/recordings'
import {
  getRecording,
  insertCloudRecording,
  RecordingStatus,
} from '../../../../src/server/store/broadcast'
import { openDb } from '../../../../src/server/store/db'
import { migrate } from '../../../../src/server/store/migrations'
import { createRoom, getRoom, updateRoom } from '../../../../src/server/store/rooms'
import { quiet } from './stage'

const dir = mkdtempSync(join(tmpdir(), 'roomcast-recovery-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a recording the server did not stop', () => {
  it('[REC-3] is finished at the next start from the whole segments on disk, marked interrupted, and plays up to the crash', async () => {
    const found = locateFfmpeg()
    if ('missing' in found) throw new Error(found.missing)
    const db = await openDb({ memory: true })
    await migrate(db)
    const broadcasts = new Broadcasts({
      db,
      log: quiet,
      ffmpeg: found,
      dir,
      secret: 's',
      publishers: 4,
    })
    const deps = {
      db,
      broadcasts,
      recording: localRecordingEngine(broadcasts),
      log: quiet,
      now: Date.now,
      announce: { channel: () => undefined, peer: () => false },
    } as unknown as Deps
    const room = await createRoom(db, {
      roomName: 'crash',
      roomType: 2,
      passwordHash: '',
      createUserId: 'host',
      now: Date.now(),
    })
    await updateRoom(db, room.room_id, { recordingState: 1 }, Date.now())
    expect(
      await insertCloudRecording(db, {
        recordingId: 'abcdef0123456789',
        roomId: room.room_id,
        startedBy: 'host',
        now: Date.now() - 60_000,
      }),
    ).toBe(true)

    // What a recorder had written when the server died: three whole 4-second segments in the
    // playlist (no end), and a segment still being written under its temporary name.
    const files = recordingFiles(broadcasts.recordingDir('abcdef0123456789'))
    const segments = broadcasts.recordingDir('abcdef0123456789')
    mkdirSync(segments, { recursive: true })
    const writer = new FfmpegProcess(
      found.install.ffmpeg,
      [
        ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '12'],
        ...['-c:v', 'libx264', '-g', '15', '-c:a', 'aac', '-f', 'hls', '-hls_time', '4'],
        ...['-hls_list_size', '0', '-hls_playlist_type', 'event'],
        ...['-hls_segment_filename', join(segments, 'seg%05d.ts'), files.playlist],
      ],
      { name: 'segments', stdin: false },
    )
    expect((await writer.exited).code).toBe(0)
    const playlist = readFileSync(files.playlist, 'utf8').replace('#EXT-X-ENDLIST\n', '')
    writeFileSync(files.playlist, playlist)
    writeFileSync(join(segments, 'seg00003.ts.tmp'), Buffer.alloc(1000, 7))

    expect(await recoverCloudRecordings(deps)).toBe(1)
    const row = await getRecording(db, 'abcdef0123456789')
    expect(row).toMatchObject({ status: String(RecordingStatus.saved), interrupted: 1 })
    expect(Number(row!.duration_ms)).toBeGreaterThan(11_000)
    expect(Number(row!.duration_ms)).toBeLessThan(13_000)
    const probe = await ffprobe(found.install, files.video)
    expect(probe.streams?.map((s) => s.codec_type).sort()).toEqual(['audio', 'video'])
    // Nothing half-written is left beside the recording; the room is no longer recording.
    expect(readdirSync(segments)).toEqual(['recording.mp4'])
    expect(existsSync(files.partial)).toBe(false)
    expect(await getRoom(db, room.room_id)).toMatchObject({ recording_state: 0, playback_state: 1 })
    await db.close()
  }, 120_000)
})
