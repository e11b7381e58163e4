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
