import { randomInt } from 'node:crypto'
import { STAGE_UID_END, STAGE_UID_MIN, stageKey } from '@streams/wire/stage'
import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

/**
 * The room's uid for a stage (streams/wire/stage.ts; key 'board' or 'language:{streamId}'): the
 * one reserved before, else a fresh five-digit one reserved now. Two callers at once get the same
 * uid; a fresh uid another stage of the room holds is drawn again.
 */
export async function reserveStageUid(
  db: Queryable,
  roomId: string,
  stage: string,
  now: number,
): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const known = await stageUidOf(db, roomId, stage)
    if (known) return known
    const uid = String(randomInt(STAGE_UID_MIN, STAGE_UID_END))
    await db.query(
      `INSERT INTO stage_uids (room_id, stage, uid, create_time) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [roomId, stage, uid, now],
    )
  }
  throw new Error(`could not reserve a stage uid for ${stage}`)
}

/** The room's uid for a stage, if one was reserved. */
export async function stageUidOf(
  db: Queryable,
  roomId: string,
  stage: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ uid: string }>(
    'SELECT uid FROM stage_uids WHERE room_id = $1 AND stage = $2',
    [roomId, stage],
  )
  return rows[0]?.uid
}

/**
 * The shared board's stage uid (reserved now if need be: the first host's client publishes the
 * board's picture under it), or '' while the board is not shared.
 */
export async function sharedBoardUid(
  db: Queryable,
  room: { readonly room_id: string; readonly share_board: number },
  now: number,
): Promise<string> {
  if (room.share_board !== 1) return ''
  return reserveStageUid(db, room.room_id, stageKey({ stage: 'board' }), now)
}
