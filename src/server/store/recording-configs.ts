import type { Static } from '@sinclair/typebox'
import type { RecordingConfigSchema } from '@streams/wire/rest/recording'
import type { Db } from './db'

type Queryable = Pick<Db, 'query'>
export type RecordingConfig = Static<typeof RecordingConfigSchema>

interface RecordingConfigRow {
  auto_start: number
  audio_only: number
  resolution: string
  layout: string
}

/** A room's cloud recording settings (the defaults until a host saved some). */
export async function getRecordingConfig(db: Queryable, roomId: string): Promise<RecordingConfig> {
  const { rows } = await db.query<RecordingConfigRow>(
    'SELECT * FROM recording_configs WHERE room_id = $1',
    [roomId],
  )
  const row = rows[0]
  const resolution: '480p' | '720p' | '1080p' =
    row?.resolution === '480p' || row?.resolution === '1080p' ? row.resolution : '720p'
  return {
    roomId,
    autoStart: (row?.auto_start ? 1 : 0) as 0 | 1,
    audioOnly: (row?.audio_only ? 1 : 0) as 0 | 1,
    resolution,
    layout: row?.layout ?? 'p_all_1',
  }
}

export async function saveRecordingConfig(db: Queryable, config: RecordingConfig): Promise<void> {
  await db.query(
    `INSERT INTO recording_configs (room_id, auto_start, audio_only, resolution, layout) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (room_id) DO UPDATE SET auto_start = $2, audio_only = $3, resolution = $4, layout = $5`,
    [config.roomId, config.autoStart, config.audioOnly, config.resolution, config.layout],
  )
}
