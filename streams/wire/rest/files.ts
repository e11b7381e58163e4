import { Type, type Static } from '@sinclair/typebox'
import { FlagSchema } from '../roles'
import { AppParams, defineService, Id, NoData, Page, Paged, ROOM_PREFIX } from './route'

/**
 * Files of a room (spec §7 "Files and recording"): uploads kept by the server, listed in the
 * document centre. Conversion for the whiteboard is done elsewhere; it reports progress through
 * state/update. `url` serves the stored bytes to members of the room.
 */
export const FileStateSchema = Type.Union([
  /** Stored, not converted. */
  Type.Literal(0),
  Type.Literal(1), // converting
  Type.Literal(2), // converted
  Type.Literal(3), // conversion failed
])

export const FileInfoSchema = Type.Object({
  fileId: Type.String(),
  roomId: Type.String(),
  name: Type.String(),
  /** Lower-case extension without the dot: pdf, pptx, png… */
  type: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
  url: Type.String(),
  state: FileStateSchema,
  percentage: Type.Integer({ minimum: 0, maximum: 100 }),
  /** The presenter has this file open (spokesperson/checked). */
  checked: FlagSchema,
  userId: Type.String(),
  userName: Type.String(),
  createTime: Type.Number(),
})
export type FileInfo = Static<typeof FileInfoSchema>

/**
 * The document shown in the document centre and its page (cmd 17 dom info); the newest is what a
 * late joiner opens.
 */
export const DomSchema = Type.Object({
  domId: Type.String(),
  roomId: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  fileId: Type.String(),
  fileName: Type.String(),
  page: Type.Integer(),
  total: Type.Integer(),
  scenePath: Type.String(),
  createTime: Type.Number(),
})
export type Dom = Static<typeof DomSchema>

const RoomQuery = Type.Object({ roomId: Id })

export const FileService = defineService(ROOM_PREFIX, 10011, {
  list: {
    method: 'GET',
    path: 'file/list',
    params: AppParams({}),
    query: RoomQuery,
    data: Type.Array(FileInfoSchema),
    access: 'session',
  },
  /** Multipart: field `roomId`, then the file in field `file` (at most 100 MB). */
  add: {
    method: 'POST',
    path: 'file/add',
    params: AppParams({}),
    data: FileInfoSchema,
    access: 'session',
    encoding: 'multipart',
  },
  stateUpdate: {
    method: 'POST',
    path: 'file/state/update',
    params: AppParams({}),
    body: Type.Object({
      fileId: Id,
      state: FileStateSchema,
      percentage: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    }),
    data: FileInfoSchema,
    access: 'session',
  },
  percentage: {
    method: 'GET',
    path: 'file/percentage',
    params: AppParams({}),
    query: Type.Object({ fileId: Id }),
    data: Type.Object({
      fileId: Type.String(),
      state: FileStateSchema,
      percentage: Type.Integer(),
    }),
    access: 'session',
  },
  pageList: {
    method: 'GET',
    path: 'file/page/list',
    params: AppParams({}),
    query: Type.Object({ roomId: Id, ...Page }),
    data: Paged(FileInfoSchema),
    access: 'session',
  },
  /** Adds files the caller uploaded elsewhere to this room (copies the records, not the bytes). */
  listAdd: {
    method: 'POST',
    path: 'file/list/add',
    params: AppParams({}),
    body: Type.Object({ roomId: Id, fileIds: Type.Array(Id, { minItems: 1, maxItems: 50 }) }),
    data: Type.Array(FileInfoSchema),
    access: 'session',
  },
  delete: {
    method: 'DELETE',
    path: 'file/:fileId',
    params: AppParams({ fileId: Id }),
    data: NoData,
    access: 'session',
  },
  /** The stored bytes (a download). */
  content: {
    method: 'GET',
    path: 'file/:fileId/content',
    params: AppParams({ fileId: Id }),
    data: NoData,
    access: 'session',
    download: { contentType: 'application/octet-stream' },
  },
  spokesperson: {
    method: 'POST',
    path: 'file/spokesperson/checked',
    params: AppParams({}),
    body: Type.Object({ fileId: Id, checked: FlagSchema }),
    data: FileInfoSchema,
    access: 'session',
  },
  domAdd: {
    method: 'POST',
    path: 'dom/add',
    params: AppParams({}),
    body: Type.Object({
      roomId: Id,
      fileId: Id,
      page: Type.Integer({ minimum: 0 }),
      total: Type.Optional(Type.Integer({ minimum: 0 })),
      scenePath: Type.Optional(Type.String({ maxLength: 256 })),
    }),
    data: DomSchema,
    access: 'session',
  },
  domList: {
    method: 'GET',
    path: 'dom/list',
    params: AppParams({}),
    query: RoomQuery,
    data: Type.Array(DomSchema),
    access: 'session',
  },
  /** The room's converted files, which the player can show. */
  convertPlayerSelect: {
    method: 'GET',
    path: 'convert/player/select',
    params: AppParams({}),
    query: RoomQuery,
    data: Type.Array(FileInfoSchema),
    access: 'session',
  },
})
