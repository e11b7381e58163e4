import type { FileInfo } from '@streams/wire/rest/files'
import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

export interface FileRow {
  file_id: string
  room_id: string
  kind: string
  recording_id: string | null
  name: string
  type: string
  content_type: string
  size: string | number
  storage_key: string
  state: number
  percentage: number
  checked: number
  user_id: string
  user_name: string
  create_time: string | number
}

/** Where a member downloads a file's bytes. */
export const fileUrl = (appId: string, fileId: string) =>
  `/api/s1/serve/${encodeURIComponent(appId)}/v1/file/${encodeURIComponent(fileId)}/content`

export function toFileInfo(appId: string, r: FileRow): FileInfo {
  return {
    fileId: r.file_id,
    roomId: r.room_id,
    name: r.name,
    type: r.type,
    contentType: r.content_type,
    size: Number(r.size),
    url: fileUrl(appId, r.file_id),
    state: (r.state >= 0 && r.state <= 3 ? r.state : 0) as FileInfo['state'],
    percentage: r.percentage,
    checked: r.checked ? 1 : 0,
    userId: r.user_id,
    userName: r.user_name,
    createTime: Number(r.create_time),
  }
}

export async function getFile(db: Queryable, fileId: string): Promise<FileRow | undefined> {
  const { rows } = await db.query<FileRow>(
    'SELECT * FROM files WHERE file_id = $1 AND deleted_at IS NULL',
    [fileId],
  )
  return rows[0]
}

export async function insertFile(
  db: Queryable,
  row: Omit<FileRow, 'state' | 'percentage' | 'checked'>,
): Promise<FileRow> {
  const { rows } = await db.query<FileRow>(
    `INSERT INTO files (file_id, room_id, kind, recording_id, name, type, content_type, size, storage_key, user_id, user_name, create_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
    [
      row.file_id,
      row.room_id,
      row.kind,
      row.recording_id,
      row.name,
      row.type,
      row.content_type,
      row.size,
      row.storage_key,
      row.user_id,
      row.user_name,
      row.create_time,
    ],
  )
  return rows[0]!
}

/** A room's documents not deleted (only those converted: `converted`), oldest first. */
export async function roomDocuments(
  db: Queryable,
  roomId: string,
  converted = false,
): Promise<FileRow[]> {
  const { rows } = await db.query<FileRow>(
    `SELECT * FROM files WHERE room_id = $1 AND kind = 'document' AND deleted_at IS NULL ${
      converted ? 'AND state = 2' : ''
    } ORDER BY create_time, file_id`,
    [roomId],
  )
  return rows
}

/** A file's conversion state; answers the file as it now is. */
export async function setFileState(
  db: Queryable,
  fileId: string,
  state: number,
  percentage: number,
): Promise<FileRow> {
  const { rows } = await db.query<FileRow>(
    'UPDATE files SET state = $2, percentage = $3 WHERE file_id = $1 RETURNING *',
    [fileId, state, percentage],
  )
  return rows[0]!
}

export async function markFileDeleted(db: Queryable, fileId: string, at: number): Promise<void> {
  await db.query('UPDATE files SET deleted_at = $2 WHERE file_id = $1', [fileId, at])
}

/** Whether a file not deleted (a copy in another room) still names these bytes. */
export async function storageInUse(db: Queryable, storageKey: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM files WHERE storage_key = $1 AND deleted_at IS NULL LIMIT 1',
    [storageKey],
  )
  return rows.length > 0
}

/** Marks the file a room's speaker presents (checked 1: the only one in its room) or not. */
export async function setFileChecked(
  db: Pick<Db, 'transaction'>,
  file: Pick<FileRow, 'file_id' | 'room_id'>,
  checked: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (checked === 1)
      await tx.query('UPDATE files SET checked = 0 WHERE room_id = $1', [file.room_id])
    await tx.query('UPDATE files SET checked = $2 WHERE file_id = $1', [file.file_id, checked])
  })
}
