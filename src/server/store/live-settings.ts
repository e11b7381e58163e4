import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

/** A CDN language stream of a room as kept. */
export interface LiveStream {
  readonly streamId: string
  readonly languageType: string
  readonly languageName: string
  readonly languageIcon: string
  readonly languageIconActive: string
  readonly pullUrl: string
  readonly pushUrl: string
  /** The member interpreting into this language ('' for none). */
  readonly interpreterUid: string
}

interface StreamRow {
  stream_id: string
  language_type: string
  language_name: string
  language_icon: string
  language_icon_active: string
  pull_url: string
  push_url: string
  interpreter_uid: string
}

/** A room's language streams, oldest first. */
export async function listLanguageStreams(db: Queryable, roomId: string): Promise<LiveStream[]> {
  const { rows } = await db.query<StreamRow>(
    'SELECT * FROM live_streams WHERE room_id = $1 ORDER BY create_time, stream_id',
    [roomId],
  )
  return rows.map((r) => ({
    streamId: r.stream_id,
    languageType: r.language_type,
    languageName: r.language_name,
    languageIcon: r.language_icon,
    languageIconActive: r.language_icon_active,
    pullUrl: r.pull_url,
    pushUrl: r.push_url,
    interpreterUid: r.interpreter_uid,
  }))
}

export async function insertLiveStream(
  db: Queryable,
  roomId: string,
  s: LiveStream,
  createTime: number,
): Promise<void> {
  await db.query(
    `INSERT INTO live_streams (stream_id, room_id, language_type, language_name, language_icon, language_icon_active, pull_url, push_url, create_time, interpreter_uid)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      s.streamId,
      roomId,
      s.languageType,
      s.languageName,
      s.languageIcon,
      s.languageIconActive,
      s.pullUrl,
      s.pushUrl,
      createTime,
      s.interpreterUid,
    ],
  )
}

/** Answers false when the room has no such stream. */
export async function deleteLiveStream(
  db: Queryable,
  roomId: string,
  streamId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'DELETE FROM live_streams WHERE room_id = $1 AND stream_id = $2 RETURNING stream_id',
    [roomId, streamId],
  )
  return rows.length > 0
}

/** Names who interprets into a language stream; answers false when the room has no such stream. */
export async function setInterpreter(
  db: Queryable,
  roomId: string,
  streamId: string,
  interpreterUid: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE live_streams SET interpreter_uid = $3 WHERE room_id = $1 AND stream_id = $2 RETURNING stream_id',
    [roomId, streamId, interpreterUid],
  )
  return rows.length > 0
}

/** A room's live page backgrounds, oldest first. */
export async function listBackgroundImages(
  db: Queryable,
  roomId: string,
): Promise<{ imageId: string; url: string }[]> {
  const { rows } = await db.query<{ image_id: string; url: string }>(
    'SELECT image_id, url FROM background_images WHERE room_id = $1 ORDER BY create_time, image_id',
    [roomId],
  )
  return rows.map((r) => ({ imageId: r.image_id, url: r.url }))
}

export async function insertBackgroundImage(
  db: Queryable,
  roomId: string,
  image: { imageId: string; url: string },
  createTime: number,
): Promise<void> {
  await db.query(
    'INSERT INTO background_images (image_id, room_id, url, create_time) VALUES ($1, $2, $3, $4)',
    [image.imageId, roomId, image.url, createTime],
  )
}

/** Answers false when the room has no such image. */
export async function deleteBackgroundImage(
  db: Queryable,
  roomId: string,
  imageId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'DELETE FROM background_images WHERE room_id = $1 AND image_id = $2 RETURNING image_id',
    [roomId, imageId],
  )
  return rows.length > 0
}
