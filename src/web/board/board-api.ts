import { createHttp, call } from '../../adapters/rest/http'
import { BoardFileListSchema, BoardFileSchema, type BoardFile } from '../../../streams/wire/board'

const http = createHttp()

const filesUrl = (boardId: string) => `/api/board/${encodeURIComponent(boardId)}/files`
const auth = (token: string) => ({ Authorization: `Bearer ${token}` })

export function listFiles(boardId: string, token: string): Promise<readonly BoardFile[]> {
  return call(
    () => http.get(filesUrl(boardId), { headers: auth(token) }),
    BoardFileListSchema,
  ).then((answer) => answer.list)
}

/** Uploads a document; `onProgress` gets the upload's percentage. */
export function uploadFile(
  boardId: string,
  token: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<BoardFile> {
  return call(
    () =>
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
