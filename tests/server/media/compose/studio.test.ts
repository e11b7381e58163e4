import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ffprobe } from '../../../../src/server/media/compose/ffmpeg'
import { HlsSink } from '../../../../src/server/media/compose/sinks'
import { Studio } from '../../../../src/server/media/compose/studio'
import { updateRoom } from '../../../../src/server/store/rooms'
import { until } from '../werift-peer'
import { quiet, Stage } from './stage'

describe('a room composed from Janus forwards', () => {
  const stage = new Stage()
  beforeAll(() => stage.open(), 90_000)
  afterAll(() => stage.close())

  it('[LAYOUT-1] places everyone who publishes as the room layout says, decodes each at its size, and encodes the picture', async () => {
    const { row, ref } = await stage.room()
    const host = await stage.member(row.room_id, 'Hana', 1)
    const guest = await stage.member(row.room_id, 'Carl')
    await stage.publish(ref, host.uid)
    await stage.publish(ref, guest.uid, { audio: true, video: false })
    const studio = new Studio(
      { ...stage, ref, publishers: 8, log: quiet, refreshMs: 300 },
      row.room_id,
    )
    const hls = new HlsSink(stage.ffmpeg, quiet, 'live', {
      dir: join(stage.dir, `live-${row.room_id}`),
      segmentSeconds: 1,
      listSize: 4,
    })
    stage.later(async () => {
      await studio.stop()
      await hls.end()
    })
    hls.start()
    await studio.attach(hls)
    await until(() => studio.layout.length === 2, 30_000, 'both people placed')
    // The host is large (first host); Carl, audio only, is a tile at the right with a name card.
    expect(studio.layout.map((s) => [s.key, s.rect.width, s.rect.height])).toEqual([
      [host.uid, 960, 720],
      [guest.uid, 320, 180],
    ])
    await until(
      () => studio.picture(host.uid)?.width === 960,
      60_000,
      'the camera decoded at its place',
    )
    await until(() => hls.state.kind === 'running', 30_000, 'the live output')
    await until(
      () => readdirSync(hls.options.dir).some((f) => f.endsWith('.ts')),
      30_000,
      'a segment',
    )
    const probe = await ffprobe(stage.ffmpeg, hls.playlist)
    expect(probe.streams?.find((s) => s.codec_type === 'video')).toMatchObject({
      width: 1280,
      height: 720,
    })

    // The host makes Carl large: the next read of the room places him so.
    await updateRoom(stage.db, row.room_id, { largeUid: guest.uid }, Date.now())
    await until(() => studio.layout[0]?.key === guest.uid, 30_000, 'Carl large')
    expect(studio.layout[1]).toMatchObject({ key: host.uid, rect: { width: 320, height: 180 } })
  }, 180_000)
})
