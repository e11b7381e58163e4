import { randomUUID } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { BoardFileListSchema, BoardFileSchema } from '@streams/wire/board'
import { Answer } from '@streams/wire/rest/envelope'
import { ApiFailure, ok } from '../http/errors'
import { ConvertError, convertDocument, documentKind, findLibreOffice } from './convert'
import {
  createFile,
  deleteFile,
  fileDir,
  getFile,
  getPage,
  listFiles,
  putPage,
  setFileState,
} from '../store/board-files'
import type { BoardDeps, BoardService } from './service'
import { isLocalBoardId } from '../store/board-ids'

/** A document upload is at most this big. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024

const BoardParams = Type.Object({ boardId: Type.String({ minLength: 1 }) })
const FileParams = Type.Object({
  boardId: Type.String({ minLength: 1 }),
  fileId: Type.String({ minLength: 1 }),
})
const PageParams = Type.Object({
  boardId: Type.String({ minLength: 1 }),
  fileId: Type.String({ minLength: 1 }),
  page: Type.Integer({ minimum: 0 }),
})
const UploadQuery = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) })

/** The document centre under /api/board/{boardId}/files, authorised by the board token. */
export async function boardFileRoutes(
  app: FastifyInstance,
  deps: BoardDeps & { service: BoardService },
): Promise<void> {
  const { service, db } = deps
  const caller = async (request: FastifyRequest, boardId: string) => {
    const header = request.headers.authorization ?? ''
    const token = header.startsWith('Bearer ') ? header.slice(7) : ''
    const claims = token ? await service.verify(boardId, token) : null
    if (!claims)
      throw new ApiFailure(401, 'invalid or expired board token', {
        status: 401,
        reason: 'unauthorized',
      })
    return claims
  }
  const writer = async (request: FastifyRequest, boardId: string) => {
    const claims = await caller(request, boardId)
    if (!(await service.mayWrite(claims.roomId, claims.sub)))
      throw new ApiFailure(403, 'only a board writer may do this', {
        status: 403,
        reason: 'notWriter',
      })
    return claims
  }

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
      (_r, body, done) => done(null, body),
    )
    scope.get(
      '/api/board/:boardId/files',
      { schema: { params: BoardParams, response: { 200: Answer(BoardFileListSchema) } } },
      async (request) => {
        const { boardId } = request.params as typeof BoardParams.static
        await caller(request, boardId)
        return ok({ list: await listFiles(db, boardId) })
      },
    )
    scope.post(
      '/api/board/:boardId/files',
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: {
          params: BoardParams,
          querystring: UploadQuery,
          response: { 200: Answer(BoardFileSchema) },
        },
      },
      async (request) => {
        const { boardId } = request.params as typeof BoardParams.static
        const { name } = request.query as typeof UploadQuery.static
        const claims = await writer(request, boardId)
        const body = request.body
        if (!(body instanceof Buffer) || body.length === 0)
          throw new ApiFailure(400, "params: body can't be empty", { status: 400, reason: 'empty' })
        let kind: ReturnType<typeof documentKind>
        try {
          kind = documentKind(name)
        } catch (error) {
          throw new ApiFailure(415, (error as Error).message, {
            status: 415,
            reason: 'unsupported',
          })
        }
        if (kind === 'slides' && !(await findLibreOffice()))
          throw new ApiFailure(
            501,
            'PowerPoint conversion needs LibreOffice on the server, and it is not installed',
            { status: 501, reason: 'noLibreOffice' },
          )
        const file = await createFile(db, {
          fileId: randomUUID().replaceAll('-', '').slice(0, 16),
          boardId,
          fileName: name,
          fileType: name.toLowerCase().split('.').pop() ?? '',
          createdBy: claims.sub,
          now: deps.now(),
        })
        void convertInBackground(deps, boardId, file.fileId, name, new Uint8Array(body))
        return ok(file)
      },
    )
    scope.get(
      '/api/board/:boardId/files/:fileId/pages/:page',
      { schema: { params: PageParams } },
      async (request, reply) => {
        const { boardId, fileId, page } = request.params as typeof PageParams.static
        // A Netless board's pages are loaded by white-web-sdk from their address, which carries
        // no header: the board's uuid and the file's id, 192 random bits, are the key.
        if (isLocalBoardId(boardId)) await caller(request, boardId)
        const found = await getPage(db, boardId, fileId, page)
        if (!found) throw new ApiFailure(404, 'page not found', { status: 404 })
        return reply
          .type(found.mime)
          .header('cache-control', 'private, max-age=86400')
          .send(Buffer.from(found.body))
      },
    )
    scope.delete(
      '/api/board/:boardId/files/:fileId',
      { schema: { params: FileParams, response: { 200: Answer(Type.Null()) } } },
      async (request) => {
        const { boardId, fileId } = request.params as typeof FileParams.static
        await writer(request, boardId)
        if (!(await deleteFile(db, boardId, fileId)))
          throw new ApiFailure(404, 'file not found', { status: 404 })
        return ok(null)
      },
    )
  })
}

/** Converts page by page, storing each and telling the board's connections the progress. */
async function convertInBackground(
  deps: BoardDeps & { service: BoardService },
  boardId: string,
  fileId: string,
  name: string,
  body: Uint8Array,
): Promise<void> {
  const { db, service } = deps
  const report = async () => {
    const file = await getFile(db, boardId, fileId)
    if (file) await service.fileChanged(boardId, file)
  }
  try {
    await setFileState(db, fileId, { status: 'converting', progress: 0 })
    await report()
    const total = await convertDocument(name, body, async (page, index, count) => {
      await putPage(db, fileId, { page: index + 1, ...page })
      await setFileState(db, fileId, {
        status: 'converting',
        progress: Math.floor(((index + 1) * 100) / count),
        totalPages: count,
      })
      await report()
    })
    await setFileState(db, fileId, { status: 'ready', progress: 100, totalPages: total })
  } catch (error) {
    const reason = error instanceof ConvertError ? error.reason : 'failed'
    if (!(error instanceof ConvertError))
      deps.log.error({ err: error, fileId }, 'conversion failed')
    await setFileState(db, fileId, { status: 'failed', progress: 0, reason }).catch(() => undefined)
  }
  await report().catch(() => undefined)
}

export { fileDir }
