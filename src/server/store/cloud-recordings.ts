import type { Db } from './db'
import { RecordingStatus, type RecordingRow } from './broadcast'

type Queryable = Pick<Db, 'query'>

/** Keeps a recording's Agora session as it is learnt (resource id after acquire, sid after start). */
export async function saveCloudSession(
  db: Queryable,
  recordingId: string,
  session: { resourceId?: string; sid?: string; recorderUid?: string },
): Promise<void> {
  await db.query(
    `UPDATE recordings SET resource_id = COALESCE($2, resource_id), sid = COALESCE($3, sid),
       recorder_uid = COALESCE($4, recorder_uid) WHERE recording_id = $1`,
    [recordingId, session.resourceId ?? null, session.sid ?? null, session.recorderUid ?? null],
  )
}

/** The files the recorder reported (names in the bucket) and, after stop, its upload status. */
export async function saveCloudFiles(
  db: Queryable,
  recordingId: string,
  files: readonly string[],
  uploading?: string,
): Promise<void> {
  await db.query(
    'UPDATE recordings SET files = $2, uploading = COALESCE($3, uploading) WHERE recording_id = $1',
    [recordingId, JSON.stringify(files), uploading ?? null],
  )
}

/**
 * Takes a running recording to 'convert' (stopped) unless someone did first: answers whether this
 * caller did, so that the meeting's end and the engine's watch stop it once between them (one
 * process or several).
 */
export async function claimRecordingStop(
  db: Queryable,
  recordingId: string,
  now: number,
): Promise<boolean> {
  const { rows } = await db.query<{ recording_id: string }>(
    `UPDATE recordings SET status = $3, stop_time = $4
     WHERE recording_id = $1 AND status = $2 RETURNING recording_id`,
    [recordingId, String(RecordingStatus.recording), String(RecordingStatus.convert), now],
  )
  return rows.length > 0
}

/** A claimed stop that could not be made: the recording runs again (it goes on at Agora). */
export async function reopenRecording(db: Queryable, recordingId: string): Promise<void> {
  await db.query(
    'UPDATE recordings SET status = $2, stop_time = NULL WHERE recording_id = $1 AND status = $3',
    [recordingId, String(RecordingStatus.recording), String(RecordingStatus.convert)],
  )
}

/** A row's file names (an unreadable list counts as none). */
export function cloudFilesOf(row: Pick<RecordingRow, 'files'>): string[] {
  try {
    const list = JSON.parse(row.files) as unknown
    return Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string') : []
  } catch {
    return []
  }
}

/** Recordings of one engine in the given statuses, oldest first. */
export async function recordingsOfEngine(
  db: Queryable,
  engine: string,
  statuses: readonly number[],
): Promise<RecordingRow[]> {
  const places = statuses.map((_, i) => `$${i + 2}`).join(', ')
  const { rows } = await db.query<RecordingRow>(
    `SELECT * FROM recordings WHERE kind = 'cloud' AND engine = $1 AND status IN (${places})
     ORDER BY start_time`,
    [engine, ...statuses.map(String)],
  )
  return rows
}

/** Cloud recordings of another engine than this server's that a previous run left running. */
export async function recordingsNotOfEngine(
  db: Queryable,
  engine: string,
): Promise<RecordingRow[]> {
  const { rows } = await db.query<RecordingRow>(
    `SELECT * FROM recordings WHERE kind = 'cloud' AND engine <> $1 AND status IN ($2, $3)`,
    [engine, String(RecordingStatus.recording), String(RecordingStatus.convert)],
  )
  return rows
}
