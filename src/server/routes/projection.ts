import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Cmd } from '@streams/wire/channel'
import { ProjectionService, type Projection } from '@streams/wire/rest/projection'
import type { Identity } from '../auth/identity'
import type { Deps } from '../deps'
import { ApiFailure } from '../http/errors'
import { registerService, type RegisterOptions } from '../http/register'
import { Code, loadRoom, requireAction, requireLive, requireMember } from '../rooms/access'
import type { RoomRow } from '../store/rooms'

interface ProjectionRow {
  projection_id: string
  room_id: string
  name: string
  layout_count: number
  sub_uids: string
  state: number
  create_time: string
}

/** Projection screens (spec §7 meeting/projection/…): hosts manage them, members list them. */
export function projectionRoutes(app: FastifyInstance, deps: Deps, options: RegisterOptions): void {
  const { db } = deps
  const toProjection = (room: RoomRow, r: ProjectionRow): Projection => ({
    projectionId: r.projection_id,
    roomId: r.room_id,
    name: r.name,
    layoutCount: r.layout_count,
    subUids: JSON.parse(r.sub_uids) as string[],
    projectionUrl: `/projectionMeeting?roomId=${encodeURIComponent(room.room_id)}&projectionId=${encodeURIComponent(r.projection_id)}`,
    state: r.state,
    createTime: Number(r.create_time),
  })
  const active = async (room: RoomRow) => {
    const { rows } = await db.query<ProjectionRow>(
      'SELECT * FROM projections WHERE room_id = $1 AND state = 1 ORDER BY create_time, projection_id',
      [room.room_id],
    )
    return rows.map((r) => toProjection(room, r))
  }
  /** A projection and its room; the caller must be a host there. */
  const owned = async (projectionId: string, who: Identity) => {
    const { rows } = await db.query<ProjectionRow>(
      'SELECT * FROM projections WHERE projection_id = $1 AND state = 1',
      [projectionId],
    )
    const row = rows[0]
    if (!row)
      throw new ApiFailure(Code.noRoom, 'That projection address has been deleted', {
        reason: 'projectionDeleted',
      })
    const room = await loadRoom(db, row.room_id)
    requireLive(room)
    const me = await requireMember(db, room, who)
    requireAction(me, 'manageRoom')
    return { row, room, actor: { userId: me.userId, userName: me.userName } }
  }
  const save = async (
    id: string,
    change: { subUids?: string[]; layoutCount?: number; name?: string; state?: number },
  ) => {
    const { rows } = await db.query<ProjectionRow>(
      `UPDATE projections SET sub_uids = coalesce($2, sub_uids), layout_count = coalesce($3, layout_count),
       name = coalesce($4, name), state = coalesce($5, state) WHERE projection_id = $1 RETURNING *`,
      [
        id,
        change.subUids ? JSON.stringify([...new Set(change.subUids)]) : null,
        change.layoutCount ?? null,
        change.name ?? null,
        change.state ?? null,
      ],
    )
    return rows[0]!
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
        const { rows } = await db.query<ProjectionRow>(
          `INSERT INTO projections (projection_id, room_id, name, layout_count, sub_uids, create_time)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
          [
            randomBytes(8).toString('hex'),
            room.room_id,
            body.name.trim(),
            body.layoutCount ?? Math.max(1, subUids.length),
            JSON.stringify(subUids),
            deps.now(),
          ],
        )
        const projection = toProjection(room, rows[0]!)
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
        const { row, room, actor } = await owned(body.projectionId, who)
        const updated = toProjection(room, await save(row.projection_id, body))
        deps.announce.channel(room.channel_name, Cmd.editProjection, {
          ...actor,
          projectionId: updated.projectionId,
          uids: updated.subUids,
          layoutCount: updated.layoutCount,
        })
        return updated
      },

      async infoUpdate({ body, who }) {
        const { row, room, actor } = await owned(body.projectionId, who)
        const updated = toProjection(
          room,
          await save(row.projection_id, { name: body.name?.trim(), state: body.state }),
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
        const { rows } = await db.query<{ uid: string; user_id: string; user_name: string }>(
          `SELECT pu.uid, pu.user_id, pu.user_name FROM projection_users pu
           JOIN projections p ON p.projection_id = pu.projection_id
           WHERE p.room_id = $1 AND pu.projection_id = $2 ORDER BY pu.seen_at DESC`,
          [room.room_id, params.projectionId],
        )
        return rows.map((r) => ({ uid: r.uid, userId: r.user_id, userName: r.user_name }))
      },
    },
    options,
  )
}
