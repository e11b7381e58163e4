import type { Db } from './db'
import type { MemberRow } from './members'
import type { RoomRow } from './rooms'

type Queryable = Pick<Db, 'query'>
type BigInt = string | number

/**
 * A recording's status ([REC-3]): 0 recording, 1 finished (nothing kept), 2 server preparing
 * download, 3 convert (the file is being made), 4 save (the file is there).
 */
export const RecordingStatus = {
  recording: 0,
  finished: 1,
  preparing: 2,
  convert: 3,
  saved: 4,
} as const

export interface RecordingRow {
  recording_id: string
  room_id: string
  status: string
  started_by: string
  start_time: BigInt
  stop_time: BigInt | null
  kind: string
  duration_ms: BigInt | null
  size: BigInt | null
  interrupted: number
  error: string
  /** Who made it: 'local' (this server's program) or 'agora' (Agora's Cloud Recording). */
  engine: string
  /** Agora's cloud session and the files it reported (agora/cloud-recording.ts). */
  resource_id: string
  sid: string
  recorder_uid: string
  files: string
  uploading: string
}

/** Starts a cloud recording unless one runs in the room (answers false then). */
export async function insertCloudRecording(
  db: Queryable,
  row: { recordingId: string; roomId: string; startedBy: string; now: number; engine?: string },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO recordings (recording_id, room_id, status, started_by, start_time, kind, engine)
     SELECT $1, $2, $3, $4, $5, 'cloud', $6 WHERE NOT EXISTS
       (SELECT 1 FROM recordings WHERE room_id = $2 AND status = $3)
     RETURNING recording_id`,
    [
      row.recordingId,
      row.roomId,
      String(RecordingStatus.recording),
      row.startedBy,
      row.now,
      row.engine ?? 'local',
    ],
  )
  return rows.length > 0
}

export async function getRecording(db: Queryable, id: string): Promise<RecordingRow | undefined> {
  const { rows } = await db.query<RecordingRow>(
    'SELECT * FROM recordings WHERE recording_id = $1',
    [id],
  )
  return rows[0]
}

/** A room's recordings, newest first (or the one named). */
export async function listRecordings(
  db: Queryable,
  roomId: string,
  id?: string,
): Promise<RecordingRow[]> {
  const { rows } = await db.query<RecordingRow>(
    `SELECT * FROM recordings WHERE room_id = $1 AND ($2::text IS NULL OR recording_id = $2)
     ORDER BY start_time DESC, recording_id`,
    [roomId, id ?? null],
  )
  return rows
}

/** The cloud recording running in a room, if any. */
export async function runningCloudRecording(
  db: Queryable,
  roomId: string,
): Promise<RecordingRow | undefined> {
  const { rows } = await db.query<RecordingRow>(
    `SELECT * FROM recordings WHERE room_id = $1 AND kind = 'cloud' AND status = $2 ORDER BY start_time DESC LIMIT 1`,
    [roomId, String(RecordingStatus.recording)],
  )
  return rows[0]
}

/** Cloud recordings a server left running or converting (it stopped or crashed meanwhile). */
export async function unfinishedCloudRecordings(db: Queryable): Promise<RecordingRow[]> {
  const { rows } = await db.query<RecordingRow>(
    `SELECT * FROM recordings WHERE kind = 'cloud' AND status IN ($1, $2) ORDER BY start_time`,
    [String(RecordingStatus.recording), String(RecordingStatus.convert)],
  )
  return rows
}

export interface RecordingChange {
  readonly status: number
  readonly stopTime?: number
  readonly durationMs?: number
  readonly size?: number
  readonly interrupted?: boolean
  readonly error?: string
}

export async function updateRecording(
  db: Queryable,
  id: string,
  change: RecordingChange,
): Promise<void> {
  await db.query(
    `UPDATE recordings SET status = $2,
       stop_time = COALESCE($3, stop_time), duration_ms = COALESCE($4, duration_ms),
       size = COALESCE($5, size), interrupted = COALESCE($6, interrupted), error = COALESCE($7, error)
     WHERE recording_id = $1`,
    [
      id,
      String(change.status),
      change.stopTime ?? null,
      change.durationMs ?? null,
      change.size ?? null,
      change.interrupted === undefined ? null : change.interrupted ? 1 : 0,
      change.error ?? null,
    ],
  )
}

export interface InputUserRow {
  room_id: string
  uid: string
  kind: 'rtmp' | 'pull'
  name: string
  stream_key: string
  source_url: string
  created_by: string
  create_time: BigInt
}

/** Adds an input user under a free 4-digit uid of the room ([RTMP-1]); undefined when all are taken. */
export async function insertInputUser(
  db: Queryable,
  row: Omit<InputUserRow, 'uid' | 'create_time'> & { now: number; uids: () => string },
): Promise<InputUserRow | undefined> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const uid = row.uids()
    const { rows } = await db.query<InputUserRow>(
      `INSERT INTO input_users (room_id, uid, kind, name, stream_key, source_url, created_by, create_time)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8 WHERE NOT EXISTS
         (SELECT 1 FROM room_members WHERE room_id = $1 AND uid = $2)
       ON CONFLICT DO NOTHING RETURNING *`,
      [
        row.room_id,
        uid,
        row.kind,
        row.name,
        row.stream_key,
        row.source_url,
        row.created_by,
        row.now,
      ],
    )
    if (rows[0]) return rows[0]
  }
  return undefined
}

export async function listInputUsers(db: Queryable, roomId: string): Promise<InputUserRow[]> {
  const { rows } = await db.query<InputUserRow>(
    'SELECT * FROM input_users WHERE room_id = $1 AND deleted_at IS NULL ORDER BY create_time, uid',
    [roomId],
  )
  return rows
}

/** Every input user of rooms still open (a server starting again resumes the pulled ones). */
export async function activeInputUsers(db: Queryable): Promise<InputUserRow[]> {
  const { rows } = await db.query<InputUserRow>(
    `SELECT i.* FROM input_users i JOIN rooms r ON r.room_id = i.room_id
     WHERE i.deleted_at IS NULL AND r.state <> 0 ORDER BY i.create_time`,
  )
  return rows
}

export async function inputUserByKey(
  db: Queryable,
  key: string,
): Promise<InputUserRow | undefined> {
  if (!key) return undefined
  const { rows } = await db.query<InputUserRow>(
    `SELECT i.* FROM input_users i JOIN rooms r ON r.room_id = i.room_id
     WHERE i.stream_key = $1 AND i.kind = 'rtmp' AND i.deleted_at IS NULL AND r.state <> 0`,
    [key],
  )
  return rows[0]
}

export async function deleteInputUser(
  db: Queryable,
  roomId: string,
  uid: string,
  now: number,
): Promise<InputUserRow | undefined> {
  const { rows } = await db.query<InputUserRow>(
    'UPDATE input_users SET deleted_at = $3 WHERE room_id = $1 AND uid = $2 AND deleted_at IS NULL RETURNING *',
    [roomId, uid, now],
  )
  return rows[0]
}

/** Open rooms whose live is on (LIVING or PAUSE). */
export async function liveRooms(db: Queryable): Promise<RoomRow[]> {
  const { rows } = await db.query<RoomRow>(
    'SELECT * FROM rooms WHERE state <> 0 AND live_state IN (1, 2) ORDER BY room_id',
  )
  return rows
}

/** The room's streaming URLs that take a push (the host gave a push URL). */
export async function listPushUrls(db: Queryable, roomId: string): Promise<string[]> {
  const { rows } = await db.query<{ push_url: string }>(
    `SELECT push_url FROM live_streams WHERE room_id = $1 AND push_url <> '' ORDER BY create_time, stream_id`,
    [roomId],
  )
  return [...new Set(rows.map((r) => r.push_url))]
}

/** A language stream as the broadcast needs it: where it is pushed, who interprets into it. */
export interface LiveStreamTarget {
  readonly streamId: string
  readonly pushUrl: string
  readonly interpreterUid: string
}

/** The room's language streams, in the order they were added. */
export async function listLiveStreams(db: Queryable, roomId: string): Promise<LiveStreamTarget[]> {
  const { rows } = await db.query<{ stream_id: string; push_url: string; interpreter_uid: string }>(
    `SELECT stream_id, push_url, interpreter_uid FROM live_streams WHERE room_id = $1 ORDER BY create_time, stream_id`,
    [roomId],
  )
  return rows.map((r) => ({
    streamId: r.stream_id,
    pushUrl: r.push_url,
    interpreterUid: r.interpreter_uid,
  }))
}

/** Whether an account was ever a member of the room (present or gone): it may see its recordings. */
export async function wasMember(db: Queryable, roomId: string, userId: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM room_members WHERE room_id = $1 AND user_id = $2 LIMIT 1',
    [roomId, userId],
  )
  return rows.length > 0
}

/**
 * An input user's member in its room, present from now (added, or back after its media
 * stopped): a conferee with audio and video on, whose account is the input itself.
 */
export async function presentInputMember(
  db: Queryable,
  row: { roomId: string; uid: string; name: string; userUuid: string; now: number },
): Promise<MemberRow> {
  const { rows } = await db.query<MemberRow>(
    `INSERT INTO room_members (room_id, uid, user_id, user_name, user_uuid, role, enable_audio, enable_video, joined_at, seen_at)
     VALUES ($1, $2, $3, $4, $5, 2, 1, 1, $6, $6)
     ON CONFLICT (room_id, uid) DO UPDATE SET left_at = NULL, user_state = 1, user_name = $4,
       enable_audio = 1, enable_video = 1, joined_at = $6, seen_at = $6
     RETURNING *`,
    [row.roomId, row.uid, `input:${row.uid}`, row.name, row.userUuid, row.now],
  )
  return rows[0]!
}
