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

/**
 * Binary message tags on the board socket: the first byte of every frame. A `part` carries a
 * piece of a bigger frame (tag included): `3, last (0 or 1), bytes…`, joined again on arrival.
 */
export const BoardFrame = { sync: 0, awareness: 1, control: 2, part: 3 } as const

/**
 * A board frame is at most this big (a bigger one closes the socket, 1009): a writer's paste of
 * hundreds of long strokes is one Yjs update of several hundred KB; bigger changes come in parts.
 */
export const MAX_BOARD_FRAME_BYTES = 2 * 1024 * 1024

/** A frame bigger than this is sent in parts of this size (well under the frame limit). */
export const BOARD_PART_BYTES = 1024 * 1024

/**
 * The most one change may weigh once joined from its parts. The client does not send a bigger
 * one, and the server refuses it (`refused`, reason `tooBig`): the writer's board goes back to
 * the server's state, and nothing is sent again.
 */
export const MAX_BOARD_CHANGE_BYTES = 16 * 1024 * 1024

/** A frame as the parts it is sent in (itself, when small enough). */
export function boardParts(frame: Uint8Array, size = BOARD_PART_BYTES): Uint8Array[] {
  if (frame.byteLength <= size) return [frame]
  const parts: Uint8Array[] = []
  for (let at = 0; at < frame.byteLength; at += size) {
    const piece = frame.subarray(at, at + size)
    const part = new Uint8Array(piece.byteLength + 2)
    part[0] = BoardFrame.part
    part[1] = at + size >= frame.byteLength ? 1 : 0
    part.set(piece, 2)
    parts.push(part)
  }
  return parts
}

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
  /**
   * Agora mode: the token of our document centre for this board (the board token is Netless's
   * there); local mode's board token is also the document centre's.
   */
  filesToken: Type.Optional(Type.String({ minLength: 1 })),
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
  /**
   * An update was refused (`notWriter`, or `tooBig`: over MAX_BOARD_CHANGE_BYTES): the client drops
   * its local state and syncs again.
   */
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
