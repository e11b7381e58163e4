import { randomBytes } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { Cmd } from '@streams/wire/channel'
import { ProjectionService, type Projection } from '@streams/wire/rest/projection'
import type { Identity } from '../auth/identity'
import { ApiFailure } from '../http/errors'
import { registerService } from '../http/register'
import { Code, loadRoom, requireAction, requireLive, requireMember } from '../rooms/access'
import {
  activeProjection,
  activeProjections,
  insertProjection,
  projectionViewers,
  updateProjection,
  type StoredProjection,
} from '../store/projections'
import type { RoomRow } from '../store/rooms'
import type { RouteOptions } from './options'

/** Projection screens (spec §7 meeting/projection/…): hosts manage them, members list them. */
export const projectionRoutes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { deps, register: options },
) => {
  const { db } = deps
  const toProjection = (room: RoomRow, p: StoredProjection): Projection => ({
    ...p,
    projectionUrl: `/projectionMeeting?roomId=${encodeURIComponent(room.room_id)}&projectionId=${encodeURIComponent(p.projectionId)}`,
  })
  const active = async (room: RoomRow) =>
    (await activeProjections(db, room.room_id)).map((p) => toProjection(room, p))
  /** A projection and its room; the caller must be a host there. */
  const owned = async (projectionId: string, who: Identity) => {
    const projection = await activeProjection(db, projectionId)
    if (!projection)
      throw new ApiFailure(Code.noRoom, 'That projection address has been deleted', {
        reason: 'projectionDeleted',
      })
    const room = await loadRoom(db, projection.roomId)
    requireLive(room)
    const me = await requireMember(db, room, who)
    requireAction(me, 'manageRoom')
    return { projection, room, actor: { userId: me.userId, userName: me.userName } }
  }

  registerService(
    app,
    ProjectionService,
    {
      async add({ body, who }) {
        const room = await loadRoom(db, body.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        requireAction(me, 'manageRoom')
        const subUids = [...new Set(body.subUids ?? [])]
        const projection = toProjection(
          room,
          await insertProjection(db, {
            projectionId: randomBytes(8).toString('hex'),
            roomId: room.room_id,
            name: body.name.trim(),
            layoutCount: body.layoutCount ?? Math.max(1, subUids.length),
            subUids,
            createTime: deps.now(),
          }),
        )
        deps.announce.channel(room.channel_name, Cmd.joinProjection, {
          userId: me.userId,
          userName: me.userName,
          projectionId: projection.projectionId,
          uids: projection.subUids,
          layoutCount: projection.layoutCount,
          projectionUrl: projection.projectionUrl,
        })
        return projection
      },

      async roomInfo({ params, who }) {
        const room = await loadRoom(db, params.id)
        await requireMember(db, room, who)
        const projections = await active(room)
        return { roomId: room.room_id, total: projections.length, projections }
      },

      async list({ params, who }) {
        const room = await loadRoom(db, params.id)
        await requireMember(db, room, who)
        return active(room)
      },

      async update({ body, who }) {
        const { projection, room, actor } = await owned(body.projectionId, who)
        const updated = toProjection(
          room,
          await updateProjection(db, projection.projectionId, body),
        )
        deps.announce.channel(room.channel_name, Cmd.editProjection, {
          ...actor,
          projectionId: updated.projectionId,
          uids: updated.subUids,
          layoutCount: updated.layoutCount,
        })
        return updated
      },

      async infoUpdate({ body, who }) {
        const { projection, room, actor } = await owned(body.projectionId, who)
        const updated = toProjection(
          room,
          await updateProjection(db, projection.projectionId, {
            name: body.name?.trim(),
            state: body.state,
          }),
        )
        if (body.state === 0)
          deps.announce.channel(room.channel_name, Cmd.deleteProjection, {
            ...actor,
            projectionId: updated.projectionId,
          })
        return updated
      },

      async selectedUsers({ params, who }) {
        const room = await loadRoom(db, params.roomId)
        await requireMember(db, room, who)
        return projectionViewers(db, room.room_id, params.projectionId)
      },
    },
    options,
  )
}
