import type { Db } from './db'
import type { RoomRow } from './rooms'

type Queryable = Pick<Db, 'query'>

/** What the room jobs ask of the rooms (jobs.ts: inactive rooms, time limits). */

/**
 * Rooms with a host present were seen now; answers their channels, and whether each had been
 * warned as inactive.
 */
export async function markHostedRoomsSeen(
  db: Queryable,
  now: number,
): Promise<{ channel: string; warned: boolean }[]> {
  const { rows } = await db.query<{ channel_name: string; inactive_warned_at: string | null }>(
    `UPDATE rooms r SET host_seen_at = $1 WHERE state <> 0 AND EXISTS
       (SELECT 1 FROM room_members m WHERE m.room_id = r.room_id AND m.left_at IS NULL AND m.role = 1)
     RETURNING channel_name, inactive_warned_at`,
    [now],
  )
  return rows.map((r) => ({ channel: r.channel_name, warned: r.inactive_warned_at !== null }))
}

export async function withdrawInactiveWarning(db: Queryable, channel: string): Promise<void> {
  await db.query('UPDATE rooms SET inactive_warned_at = NULL WHERE channel_name = $1', [channel])
}

/**
 * Open rooms due a step of the jobs: without a host since `hostlessSince` and not warned, warned
 * before `warnedBefore`, or (with a time limit, `maxMinutes` > 0) started before `startedBefore`.
 */
export async function roomsDue(
  db: Queryable,
  due: { hostlessSince: number; warnedBefore: number; maxMinutes: number; startedBefore: number },
): Promise<RoomRow[]> {
  const { rows } = await db.query<RoomRow>(
    `SELECT * FROM rooms WHERE state <> 0 AND (
       (inactive_warned_at IS NULL AND host_seen_at < $1) OR inactive_warned_at < $2 OR
       ($3 > 0 AND start_time < $4))`,
    [due.hostlessSince, due.warnedBefore, due.maxMinutes, due.startedBefore],
  )
  return rows
}
