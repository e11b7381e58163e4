import type { Db } from './db'

/**
 * Gives every present member a fresh presence grace: run when a server process starts, so the
 * time the service was down (a crash, a restart) does not count against the members, who
 * reconnect within the grace and keep their place, role and grants ([KICK-2]).
 */
export async function renewPresence(db: Pick<Db, 'query'>, now: number): Promise<void> {
  await db.query('UPDATE room_members SET seen_at = $1 WHERE left_at IS NULL AND seen_at < $1', [
    now,
  ])
}
