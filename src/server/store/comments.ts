import type { Static } from '@sinclair/typebox'
import type { CommentSchema, JoinRecordSchema } from '@streams/wire/rest/scene'
import type { Db } from './db'

type Queryable = Pick<Db, 'query'>
export type Comment = Static<typeof CommentSchema>
export type JoinRecord = Static<typeof JoinRecordSchema>

interface CommentRow {
  comment_id: string
  room_id: string
  user_id: string
  user_name: string
  user_photo: string
  content: string
  create_time: string | number
}

/** Keeps a room's comment (the live page's comment list). */
export async function insertComment(db: Queryable, c: Comment): Promise<void> {
  await db.query(
    `INSERT INTO comments (comment_id, room_id, user_id, user_name, user_photo, content, create_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [c.commentId, c.roomId, c.userId, c.userName, c.userPhoto, c.content, c.createTime],
  )
}

/** A room's newest `size` comments, oldest first. */
export async function recentComments(
  db: Queryable,
  roomId: string,
  size: number,
): Promise<Comment[]> {
  const { rows } = await db.query<CommentRow>(
    'SELECT * FROM comments WHERE room_id = $1 ORDER BY create_time DESC, comment_id LIMIT $2',
    [roomId, size],
  )
  return rows.reverse().map((r) => ({
    commentId: r.comment_id,
    roomId: r.room_id,
    userId: r.user_id,
    userName: r.user_name,
    userPhoto: r.user_photo,
    content: r.content,
    createTime: Number(r.create_time),
  }))
}

/** Keeps that someone entered a room's page, and from where. */
export async function insertJoinRecord(db: Queryable, r: JoinRecord): Promise<void> {
  await db.query(
    `INSERT INTO join_records (record_id, room_id, user_id, user_name, source, create_time)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [r.recordId, r.roomId, r.userId, r.userName, r.source, r.createTime],
  )
}
