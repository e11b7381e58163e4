import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

interface ProjectionRow {
  projection_id: string
  room_id: string
  name: string
  layout_count: number
  sub_uids: string
  state: number
  create_time: string
}

/** A projection screen as kept (its address is made from its room and id). */
export interface StoredProjection {
  readonly projectionId: string
  readonly roomId: string
  readonly name: string
  readonly layoutCount: number
  readonly subUids: string[]
  readonly state: number
  readonly createTime: number
}

export interface ProjectionChange {
  readonly subUids?: string[]
  readonly layoutCount?: number
  readonly name?: string
  readonly state?: number
}

const toProjection = (r: ProjectionRow): StoredProjection => ({
  projectionId: r.projection_id,
  roomId: r.room_id,
  name: r.name,
  layoutCount: r.layout_count,
  subUids: JSON.parse(r.sub_uids) as string[],
  state: r.state,
  createTime: Number(r.create_time),
})

/** A room's projections not deleted, oldest first. */
export async function activeProjections(
  db: Queryable,
  roomId: string,
): Promise<StoredProjection[]> {
  const { rows } = await db.query<ProjectionRow>(
    'SELECT * FROM projections WHERE room_id = $1 AND state = 1 ORDER BY create_time, projection_id',
    [roomId],
  )
  return rows.map(toProjection)
}

/** A projection not deleted, or undefined. */
export async function activeProjection(
  db: Queryable,
  projectionId: string,
): Promise<StoredProjection | undefined> {
  const { rows } = await db.query<ProjectionRow>(
    'SELECT * FROM projections WHERE projection_id = $1 AND state = 1',
    [projectionId],
  )
  return rows[0] && toProjection(rows[0])
}

export async function insertProjection(
  db: Queryable,
  p: Omit<StoredProjection, 'state'>,
): Promise<StoredProjection> {
  const { rows } = await db.query<ProjectionRow>(
    `INSERT INTO projections (projection_id, room_id, name, layout_count, sub_uids, create_time)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [p.projectionId, p.roomId, p.name, p.layoutCount, JSON.stringify(p.subUids), p.createTime],
  )
  return toProjection(rows[0]!)
}

/** Changes what is given (the uids without repeats); answers the projection as it now is. */
export async function updateProjection(
  db: Queryable,
  projectionId: string,
  change: ProjectionChange,
): Promise<StoredProjection> {
  const { rows } = await db.query<ProjectionRow>(
    `UPDATE projections SET sub_uids = coalesce($2, sub_uids), layout_count = coalesce($3, layout_count),
     name = coalesce($4, name), state = coalesce($5, state) WHERE projection_id = $1 RETURNING *`,
    [
      projectionId,
      change.subUids ? JSON.stringify([...new Set(change.subUids)]) : null,
      change.layoutCount ?? null,
      change.name ?? null,
      change.state ?? null,
    ],
  )
  return toProjection(rows[0]!)
}

/** Who watched a room's projection screen, last seen first. */
export async function projectionViewers(
  db: Queryable,
  roomId: string,
  projectionId: string,
): Promise<{ uid: string; userId: string; userName: string }[]> {
  const { rows } = await db.query<{ uid: string; user_id: string; user_name: string }>(
    `SELECT pu.uid, pu.user_id, pu.user_name FROM projection_users pu
     JOIN projections p ON p.projection_id = pu.projection_id
     WHERE p.room_id = $1 AND pu.projection_id = $2 ORDER BY pu.seen_at DESC`,
    [roomId, projectionId],
  )
  return rows.map((r) => ({ uid: r.uid, userId: r.user_id, userName: r.user_name }))
}

/** The present member who joined last showing a projection, or undefined. */
export async function projectionMember(
  db: Queryable,
  roomId: string,
  projectionId: string,
): Promise<{ uid: string; userId: string; screenId: string } | undefined> {
  const { rows } = await db.query<{ uid: string; user_id: string; screen_id: string }>(
    `SELECT uid, user_id, screen_id FROM room_members
     WHERE room_id = $1 AND projection_id = $2 AND left_at IS NULL ORDER BY joined_at DESC LIMIT 1`,
    [roomId, projectionId],
  )
  const row = rows[0]
  return row && { uid: row.uid, userId: row.user_id, screenId: row.screen_id }
}

/** The id of a room's projection not deleted, or undefined. */
export async function activeProjectionIn(
  db: Queryable,
  roomId: string,
  projectionId: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ projection_id: string }>(
    'SELECT projection_id FROM projections WHERE projection_id = $1 AND room_id = $2 AND state = 1',
    [projectionId, roomId],
  )
  return rows[0]?.projection_id
}

/** Keeps that a screen showed a projection (the projection's viewers, `projectionViewers`). */
export async function seeProjectionViewer(
  db: Queryable,
  projectionId: string,
  viewer: { uid: string; userId: string; userName: string },
  now: number,
): Promise<void> {
  await db.query(
    `INSERT INTO projection_users (projection_id, uid, user_id, user_name, seen_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (projection_id, uid) DO UPDATE SET seen_at = $5`,
    [projectionId, viewer.uid, viewer.userId, viewer.userName, now],
  )
}
