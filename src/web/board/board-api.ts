import axios, { isAxiosError, type AxiosResponse } from 'axios'
import type { Static, TSchema } from '@sinclair/typebox'
import { RestFailure } from '@streams/ports/rest'
import { BoardFileListSchema, BoardFileSchema, type BoardFile } from '@streams/wire/board'
import { compile } from '@streams/wire/validate'

/** The document centre's calls, authorised by the board token (not the session cookie). */
const http = axios.create({ timeout: 20_000 })

async function answer<T extends TSchema>(
  request: Promise<AxiosResponse>,
  schema: T,
): Promise<Static<T>> {
  let response: { status: number; data: unknown }
  try {
    response = await request
  } catch (error) {
    if (!isAxiosError(error) || !error.response) throw new RestFailure('request failed', -1, 0)
    response = error.response
  }
  const body = response.data as
    { code?: number; msg?: string; data?: { field?: string; reason?: string } | null } | undefined
  const check = compile(schema)
  if (body?.code === 0 && check.check((body as { data?: unknown }).data))
    return (body as { data: Static<T> }).data
  throw new RestFailure(
    body?.msg ?? 'request failed',
    body?.code ?? -1,
    response.status,
    body?.data?.field,
    body?.data?.reason,
  )
}

const filesUrl = (boardId: string) => `/api/board/${encodeURIComponent(boardId)}/files`
const auth = (token: string) => ({ Authorization: `Bearer ${token}` })

export async function listFiles(boardId: string, token: string): Promise<readonly BoardFile[]> {
  const { list } = await answer(
    http.get(filesUrl(boardId), { headers: auth(token) }),
    BoardFileListSchema,
  )
  return list
}

/** Uploads a document; `onProgress` gets the upload's percentage. */
export function uploadFile(
  boardId: string,
  token: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<BoardFile> {
  return answer(
    http.post(filesUrl(boardId), file, {
      params: { name: file.name },
      headers: { ...auth(token), 'Content-Type': 'application/octet-stream' },
      timeout: 0,
      onUploadProgress: (event) =>
        onProgress(event.total ? Math.round((event.loaded * 100) / event.total) : 0),
    }),
    BoardFileSchema,
  )
}
