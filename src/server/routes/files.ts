import { randomBytes } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { Cmd } from '@streams/wire/channel'
import type { Member } from '@streams/wire/member'
import { FileService } from '@streams/wire/rest/files'
import type { Identity } from '../auth/identity'
import { ApiFailure } from '../http/errors'
import { Download, registerService } from '../http/register'
import { receiveUpload } from '../http/upload'
import { Code, isHost, loadRoom, requireLive, requireMember } from '../rooms/access'
import { insertDom, listDoms } from '../store/doms'
import {
  getFile,
  insertFile,
  markFileDeleted,
  roomDocuments,
  setFileChecked,
  setFileState,
  storageInUse,
  toFileInfo,
  type FileRow,
} from '../store/file-records'
import type { RouteOptions } from './options'

/** Hosts and members granted the board present documents. */
const presents = (m: Member) => isHost(m) || m.grantBoard === 1
const refuse = () =>
  new ApiFailure(Code.forbidden, 'only a host or a member with the board may do this', {
    reason: 'forbidden',
  })

/** Files of a room (spec §7 "Files and recording"): upload, list, serve, delete; doc display. */
export const fileRoutes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { deps, register: options },
) => {
  const { db, appId } = deps
  const info = (r: FileRow) => toFileInfo(appId, r)
  const memberOf = async (roomId: string, who: Identity) => {
    const room = await loadRoom(db, roomId)
    return { room, me: await requireMember(db, room, who) }
  }
  const loadFile = async (fileId: string) => {
    const file = await getFile(db, fileId)
    if (!file) throw new ApiFailure(Code.file, 'no such file', { reason: 'noFile' })
    return file
  }
  const roomFiles = async (roomId: string, converted = false) =>
    (await roomDocuments(db, roomId, converted)).map(info)
  /** The file and its room; the caller must be a host, a presenter or the uploader. */
  const changeable = async (fileId: string, who: Identity) => {
    const file = await loadFile(fileId)
    const { room, me } = await memberOf(file.room_id, who)
    if (!presents(me) && file.user_id !== me.userId) throw refuse()
    return { file, room, me }
  }

  registerService(
    app,
    FileService,
    {
      async list({ query, who }) {
        const { room } = await memberOf(query.roomId, who)
        return roomFiles(room.room_id)
      },

      async add({ request, who }) {
        let member: Member | undefined
        const upload = await receiveUpload(
          request,
          deps.files,
          deps.settings.maxUploadBytes,
          async (fields) => {
            if (!fields.roomId)
              throw new ApiFailure(400, "params: roomId can't be empty (send it before the file)", {
                status: 400,
                field: 'roomId',
                reason: 'empty',
              })
            const { room, me } = await memberOf(fields.roomId, who)
            requireLive(room)
            if (!presents(me)) throw refuse()
            member = me
          },
        )
        const row = await insertFile(db, {
          file_id: randomBytes(8).toString('hex'),
          room_id: member!.roomId,
          kind: 'document',
          recording_id: null,
          name: upload.name,
          type: upload.type,
          content_type: upload.contentType,
          size: upload.size,
          storage_key: upload.key,
          user_id: member!.userId,
          user_name: member!.userName,
          create_time: deps.now(),
        })
        return info(row)
      },

      async stateUpdate({ body, who }) {
        const { file } = await changeable(body.fileId, who)
        const percentage = body.percentage ?? (body.state === 2 ? 100 : file.percentage)
        return info(await setFileState(db, file.file_id, body.state, percentage))
      },

      async percentage({ query, who }) {
        const file = await loadFile(query.fileId)
        await memberOf(file.room_id, who)
        return { fileId: file.file_id, state: info(file).state, percentage: file.percentage }
      },

      async pageList({ query, who }) {
        const { room } = await memberOf(query.roomId, who)
        const all = await roomFiles(room.room_id)
        const page = query.page ?? 1
        const size = query.size ?? 20
        return { list: all.slice((page - 1) * size, page * size), total: all.length, page, size }
      },

      async listAdd({ body, who }) {
        const { room, me } = await memberOf(body.roomId, who)
        requireLive(room)
        if (!presents(me)) throw refuse()
        const added = []
        for (const fileId of body.fileIds) {
          const file = await loadFile(fileId)
          if (file.user_id !== me.userId || file.kind !== 'document')
            throw new ApiFailure(Code.file, 'you can only add your own documents', {
              reason: 'notYours',
            })
          const copy = await insertFile(db, {
            ...file,
            file_id: randomBytes(8).toString('hex'),
            room_id: room.room_id,
            user_name: me.userName,
            create_time: deps.now(),
          })
          await setFileState(db, copy.file_id, file.state, file.percentage)
          added.push(info({ ...copy, state: file.state, percentage: file.percentage }))
        }
        return added
      },

      async delete({ params, who }) {
        const { file } = await changeable(params.fileId, who)
        await markFileDeleted(db, file.file_id, deps.now())
        // The bytes go when no other record (a copy in another room) still names them.
        if (!(await storageInUse(db, file.storage_key))) await deps.files.remove(file.storage_key)
        return null
      },

      async content({ params, who, reply }) {
        const file = await loadFile(params.fileId)
        await memberOf(file.room_id, who)
        reply.header('x-content-type-options', 'nosniff')
        return new Download(file.name, deps.files.open(file.storage_key), file.content_type)
      },

      async spokesperson({ body, who }) {
        const { file, me } = await changeable(body.fileId, who)
        if (!presents(me)) throw refuse()
        await setFileChecked(db, file, body.checked)
        return info({ ...file, checked: body.checked })
      },

      async domAdd({ body, who }) {
        const { room, me } = await memberOf(body.roomId, who)
        requireLive(room)
        if (!presents(me)) throw refuse()
        const file = await loadFile(body.fileId)
        if (file.room_id !== room.room_id)
          throw new ApiFailure(Code.file, 'the file is not in this room', { reason: 'noFile' })
        const dom = {
          domId: randomBytes(8).toString('hex'),
          roomId: room.room_id,
          userId: me.userId,
          userName: me.userName,
          fileId: file.file_id,
          fileName: file.name,
          page: body.page,
          total: body.total ?? 0,
          scenePath: body.scenePath ?? '',
          createTime: deps.now(),
        }
        await insertDom(db, dom)
        deps.announce.channel(room.channel_name, Cmd.domInfo, {
          userId: me.userId,
          userName: me.userName,
          fileId: dom.fileId,
          fileName: dom.fileName,
          page: dom.page,
          total: dom.total,
          scenePath: dom.scenePath,
        })
        return dom
      },

      async domList({ query, who }) {
        const { room } = await memberOf(query.roomId, who)
        return listDoms(db, room.room_id)
      },

      async convertPlayerSelect({ query, who }) {
        const { room } = await memberOf(query.roomId, who)
        return roomFiles(room.room_id, true)
      },
    },
    options,
  )
}
