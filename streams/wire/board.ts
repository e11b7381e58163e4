import { Type, type Static } from '@sinclair/typebox'

/**
 * The local whiteboard's wire: the board REST answers (board token, document centre) and the
 * JSON control frames of the board sync socket (`/board/{boardId}`). The drawing itself travels
 * as Yjs sync and awareness messages (binary); see docs/board.md.
 */

/** How a member's board view follows: the broadcaster's, followed, or free. */
export type BoardViewMode = 'broadcaster' | 'follower' | 'freedom'

/** Whiteboard default scale ([WB-4], spec §9). */
export const DEFAULT_BOARD_SCALE = 0.65
/** The root scene: '/' and '/init' both mean it ([WB-4]). */
export const INIT_SCENE_PATH = '/init'

/** Binary message tags on the board socket: the first byte of every frame. */
export const BoardFrame = { sync: 0, awareness: 1, control: 2 } as const

/**
 * A board frame is at most this big (a bigger one closes the socket, 1009): a writer's paste of
 * hundreds of long strokes is one Yjs update of several hundred KB.
 */
export const MAX_BOARD_FRAME_BYTES = 2 * 1024 * 1024

/** Close codes of the board socket (after hocuspocus). */
export const BoardCloseCode = {
  unauthorized: 4401,
  /** Another member's presence, or a change the grant does not allow. */
  forbidden: 4403,
  tooBig: 1009,
  /** A frame that is not what its tag says (a malformed Yjs or awareness message). */
  badFrame: 1007,
  /** A frame of no known tag. */
  unsupported: 1003,
} as const

/** `GET room/{roomId}/board` (spec §7). */
export const BoardTokenDataSchema = Type.Object({
  boardId: Type.String({ minLength: 1 }),
  boardToken: Type.String({ minLength: 1 }),
})
export type BoardTokenData = Static<typeof BoardTokenDataSchema>

export const BoardFileStatusSchema = Type.Union([
  Type.Literal('uploaded'),
  Type.Literal('converting'),
  Type.Literal('ready'),
  Type.Literal('failed'),
])
export type BoardFileStatus = Static<typeof BoardFileStatusSchema>

/** A page of a converted document: a static image. */
export const BoardFilePageSchema = Type.Object({
  name: Type.String(),
  src: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
})

/** A document of the document centre (spec §3 scene fields: file name, file type, static). */
export const BoardFileSchema = Type.Object({
  fileId: Type.String(),
  fileName: Type.String(),
  fileType: Type.String(),
  status: BoardFileStatusSchema,
  /** Conversion progress, 0 to 100. */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  totalPages: Type.Integer({ minimum: 0 }),
  /** Where the pages go on the board: the scene directory. */
  dir: Type.String(),
  /** A failure's reason key (e.g. 'noLibreOffice', 'badFile'). */
  reason: Type.Optional(Type.String()),
  pages: Type.Array(BoardFilePageSchema),
  createdAt: Type.Number(),
})
export type BoardFile = Static<typeof BoardFileSchema>

export const BoardFileListSchema = Type.Object({ list: Type.Array(BoardFileSchema) })

/** Control frames the server sends (JSON after the control tag). */
export const BoardControlSchema = Type.Union([
  /** Whether this connection may change the board, decided by the server from the grant ([WB-2]). */
  Type.Object({ t: Type.Literal('writable'), writable: Type.Boolean() }),
  /** An update was refused (not a writer): the client drops its local state and syncs again. */
  Type.Object({ t: Type.Literal('refused'), reason: Type.String() }),
  /** A document's conversion progressed. */
  Type.Object({ t: Type.Literal('file'), file: BoardFileSchema }),
])
export type BoardControl = Static<typeof BoardControlSchema>

/**
 * Control frames a client sends: first its board token (never in the URL, which servers log),
 * then at any time a request to check its grant again.
 */
export const BoardClientControlSchema = Type.Union([
  Type.Object({ t: Type.Literal('auth'), token: Type.String({ minLength: 1 }) }),
  Type.Object({ t: Type.Literal('recheck') }),
])
export type BoardClientControl = Static<typeof BoardClientControlSchema>

/** '/' and '/init' map to '/init'; a trailing slash is dropped ([WB-4]). */
export function normalizeScenePath(path: string): string {
  const trimmed = path.trim().replace(/\/+$/, '')
  if (trimmed === '' || trimmed === '/init') return INIT_SCENE_PATH
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`
}

/** The directory of a scene path ('/docs/abc/2' → '/docs/abc', '/init' → '/'). */
export function sceneDir(path: string): string {
  const normal = normalizeScenePath(path)
  const cut = normal.lastIndexOf('/')
  return cut <= 0 ? '/' : normal.slice(0, cut)
}

/** The scene name of a path ('/docs/abc/2' → '2'). */
export function sceneName(path: string): string {
  const normal = normalizeScenePath(path)
  return normal.slice(normal.lastIndexOf('/') + 1)
}

export function scenePath(dir: string, name: string): string {
  return normalizeScenePath(dir === '/' ? `/${name}` : `${dir}/${name}`)
}
