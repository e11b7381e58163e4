import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

/**
 * A room's board id until a board of another engine is made for it: `board-{roomUuid}`, set
 * when the room is created (rooms.ts `createRoom`) and served by our own board service.
 */
export const isLocalBoardId = (boardId: string): boolean =>
  boardId === '' || boardId.startsWith('board-')

/**
 * Makes `to` the room's board id if it is still `from` (a Netless room made for it); answers
 * the board id that holds afterwards: `to`, or the one another process recorded first.
 */
export async function replaceBoardId(
  db: Queryable,
  roomId: string,
  from: string,
  to: string,
): Promise<string> {
  const { rows } = await db.query<{ board_id: string }>(
    'UPDATE rooms SET board_id = $3 WHERE room_id = $1 AND board_id = $2 RETURNING board_id',
    [roomId, from, to],
  )
  if (rows[0]) return rows[0].board_id
  const now = await db.query<{ board_id: string }>(
    'SELECT board_id FROM rooms WHERE room_id = $1',
    [roomId],
  )
  return now.rows[0]?.board_id ?? to
}
