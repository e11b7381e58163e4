import type { Db } from './db'

type Queryable = Pick<Db, 'query'>

/** How a push goes, as the host's client reported it (Agora mode). */
export interface PushReport {
  readonly url: string
  readonly state: 'starting' | 'running' | 'retrying' | 'ended'
  readonly reason: string
}

/** Keeps a push's latest report (one row per room and push URL). */
export async function savePushState(
  db: Queryable,
  roomId: string,
  report: PushReport,
  now: number,
): Promise<void> {
  await db.query(
    `INSERT INTO live_push_states (room_id, push_url, state, reason, update_time)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (room_id, push_url)
     DO UPDATE SET state = EXCLUDED.state, reason = EXCLUDED.reason, update_time = EXCLUDED.update_time`,
    [roomId, report.url, report.state, report.reason, now],
  )
}

/** A room's latest push reports, by push URL. */
export async function listPushStates(db: Queryable, roomId: string): Promise<PushReport[]> {
  const { rows } = await db.query<{ push_url: string; state: PushReport['state']; reason: string }>(
    'SELECT push_url, state, reason FROM live_push_states WHERE room_id = $1 ORDER BY push_url',
    [roomId],
  )
  return rows.map((r) => ({ url: r.push_url, state: r.state, reason: r.reason }))
}

/** Forgets a room's reports: all of them, or those of push URLs not in `keep` (a few a room). */
export async function clearPushStates(
  db: Queryable,
  roomId: string,
  keep: readonly string[] = [],
): Promise<void> {
  if (keep.length === 0) {
    await db.query('DELETE FROM live_push_states WHERE room_id = $1', [roomId])
    return
  }
  const kept = new Set(keep)
  for (const { url } of await listPushStates(db, roomId))
    if (!kept.has(url))
      await db.query('DELETE FROM live_push_states WHERE room_id = $1 AND push_url = $2', [
        roomId,
        url,
      ])
}
