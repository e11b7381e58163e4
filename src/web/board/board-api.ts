import { createHttp, call } from '../../adapters/rest/http'
import { ClientConfigSchema, type ClientConfig } from '../../../streams/wire/rest/room'
import {
  BoardFileListSchema,
  BoardFileSchema,
  BoardTokenDataSchema,
  type BoardFile,
  type BoardTokenData,
} from '../../../streams/wire/board'

const http = createHttp()
let config: Promise<ClientConfig> | undefined

export function clientConfig(): Promise<ClientConfig> {
  config ??= call(() => http.get('/api/config'), ClientConfigSchema)
  config.catch(() => (config = undefined))
  return config
}

/** `GET room/{roomId}/board`: the board id and my board token ([BOARD-1], [BOARD-8]). */
export async function fetchBoardToken(roomId: string): Promise<BoardTokenData> {
  const { appId } = await clientConfig()
  const url = `/api/s1/serve/${encodeURIComponent(appId)}/v1/room/${encodeURIComponent(roomId)}/board`
  return call(() => http.get(url), BoardTokenDataSchema)
}

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
