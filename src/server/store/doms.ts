import type { Dom } from '@streams/wire/rest/files'
import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

/** Keeps a document display (which page of which file was shown). */
export async function insertDom(db: Queryable, dom: Dom): Promise<void> {
  await db.query(
    'INSERT INTO doms (dom_id, room_id, user_id, content, create_time) VALUES ($1, $2, $3, $4, $5)',
    [dom.domId, dom.roomId, dom.userId, JSON.stringify(dom), dom.createTime],
  )
}

/** A room's newest document displays (100 at most), newest first. */
export async function listDoms(db: Queryable, roomId: string): Promise<Dom[]> {
  const { rows } = await db.query<{ content: string }>(
    'SELECT content FROM doms WHERE room_id = $1 ORDER BY create_time DESC, dom_id LIMIT 100',
    [roomId],
  )
  return rows.map((r) => JSON.parse(r.content) as Dom)
}
