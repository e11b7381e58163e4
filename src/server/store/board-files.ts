import type { BoardFile, BoardFileStatus } from '@streams/wire/board'
import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

interface FileRow {
  file_id: string
  board_id: string
  file_name: string
  file_type: string
  status: string
  progress: number
  total_pages: number
  reason: string | null
  created_at: string | number
}

/** The scene directory a document's pages go to on the board. */
export const fileDir = (fileId: string) => `/docs/${fileId}`

export const pageUrl = (boardId: string, fileId: string, page: number) =>
  `/api/board/${encodeURIComponent(boardId)}/files/${encodeURIComponent(fileId)}/pages/${page}`

async function pagesOf(db: Queryable, row: FileRow) {
  const { rows } = await db.query<{ page: number; width: number; height: number }>(
    'SELECT page, width, height FROM board_file_pages WHERE file_id = $1 ORDER BY page',
    [row.file_id],
  )
  return rows.map((p) => ({
    name: String(p.page),
    src: pageUrl(row.board_id, row.file_id, Number(p.page)),
    width: Number(p.width),
    height: Number(p.height),
  }))
}

async function toFile(db: Queryable, row: FileRow): Promise<BoardFile> {
  return {
    fileId: row.file_id,
    fileName: row.file_name,
    fileType: row.file_type,
    status: row.status as BoardFileStatus,
    progress: Number(row.progress),
    totalPages: Number(row.total_pages),
    dir: fileDir(row.file_id),
    ...(row.reason ? { reason: row.reason } : {}),
    pages: row.status === 'ready' ? await pagesOf(db, row) : [],
    createdAt: Number(row.created_at),
  }
}

export async function createFile(
  db: Queryable,
  input: {
    fileId: string
    boardId: string
    fileName: string
    fileType: string
    createdBy: string
    now: number
  },
): Promise<BoardFile> {
  const { rows } = await db.query<FileRow>(
    `INSERT INTO board_files (file_id, board_id, file_name, file_type, status, created_by, created_at)
     VALUES ($1, $2, $3, $4, 'uploaded', $5, $6) RETURNING *`,
    [input.fileId, input.boardId, input.fileName, input.fileType, input.createdBy, input.now],
  )
  return toFile(db, rows[0] as FileRow)
}

export async function getFile(db: Queryable, boardId: string, fileId: string) {
  const { rows } = await db.query<FileRow>(
    'SELECT * FROM board_files WHERE board_id = $1 AND file_id = $2',
    [boardId, fileId],
  )
  return rows[0] ? toFile(db, rows[0]) : undefined
}

export async function listFiles(db: Queryable, boardId: string): Promise<BoardFile[]> {
  const { rows } = await db.query<FileRow>(
    'SELECT * FROM board_files WHERE board_id = $1 ORDER BY created_at, file_id',
    [boardId],
  )
  return Promise.all(rows.map((row) => toFile(db, row)))
}

export async function setFileState(
  db: Queryable,
  fileId: string,
  state: { status: BoardFileStatus; progress: number; totalPages?: number; reason?: string },
) {
  await db.query(
    `UPDATE board_files SET status = $2, progress = $3,
       total_pages = COALESCE($4, total_pages), reason = $5 WHERE file_id = $1`,
    [fileId, state.status, state.progress, state.totalPages ?? null, state.reason ?? null],
  )
}

export async function putPage(
  db: Queryable,
  fileId: string,
  page: { page: number; width: number; height: number; mime: string; body: Uint8Array },
) {
  await db.query(
    'INSERT INTO board_file_pages (file_id, page, width, height, mime, body) VALUES ($1, $2, $3, $4, $5, $6)',
    [fileId, page.page, page.width, page.height, page.mime, page.body],
  )
}

export async function getPage(db: Queryable, boardId: string, fileId: string, page: number) {
  const { rows } = await db.query<{ mime: string; body: Uint8Array }>(
    `SELECT p.mime, p.body FROM board_file_pages p JOIN board_files f ON f.file_id = p.file_id
     WHERE f.board_id = $1 AND p.file_id = $2 AND p.page = $3`,
    [boardId, fileId, page],
  )
  return rows[0]
}

/** The image of a page by its address (a scene's `src`), when it is a page of this board. */
export async function pageImageOf(
  db: Queryable,
  boardId: string,
  src: string,
): Promise<Uint8Array | undefined> {
  const [, board, fileId, page] =
    /^\/api\/board\/([^/]+)\/files\/([^/]+)\/pages\/(\d+)$/.exec(src) ?? []
  if (!board || !fileId || !page || decodeURIComponent(board) !== boardId) return undefined
  return (await getPage(db, boardId, decodeURIComponent(fileId), Number(page)))?.body
}

export async function deleteFile(db: Queryable, boardId: string, fileId: string) {
  const { rows } = await db.query(
    'DELETE FROM board_files WHERE board_id = $1 AND file_id = $2 RETURNING file_id',
    [boardId, fileId],
  )
  return rows.length > 0
}
