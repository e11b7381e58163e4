import { describe, expect, it } from 'vitest'
import type { Db } from '../../../src/server/store/db'
import { changesRoster, watchRosterWrites } from '../../../src/server/store/roster-writes'

describe('which statements may change the realtime roster', () => {
  it('every insert, delete or truncate of rooms and room_members does, wherever it sits', () => {
    for (const sql of [
      'INSERT INTO room_members (room_id, uid) VALUES ($1, $2)',
      `INSERT INTO rooms (room_id, channel_name) VALUES ($1, $2)`,
      'DELETE FROM room_members WHERE room_id = $1',
      'delete from rooms where room_id = $1',
      'TRUNCATE room_members',
      `WITH seated AS (SELECT 1) INSERT INTO room_members (room_id) SELECT $1 FROM seated`,
      `WITH gone AS (UPDATE room_members SET seen_at = $1 RETURNING uid)
       INSERT INTO room_members (room_id) SELECT uid FROM gone`,
    ])
      expect(changesRoster(sql), sql).toBe(true)
  })

  it('an update does when it assigns a column the roster reads', () => {
    for (const sql of [
      `UPDATE room_members SET left_at = $3, user_state = 0, left_reason = $4, grant_board = 0
       WHERE room_id = $1 AND uid = $2 AND left_at IS NULL RETURNING *`,
      'UPDATE room_members SET enable_chat = $3 WHERE room_id = $1 AND uid = $2',
      'UPDATE room_members SET role = $3, user_name = $4 WHERE room_id = $1',
      'UPDATE rooms SET update_time = $2, mute_all_chat = $3 WHERE room_id = $1 RETURNING *',
      'UPDATE ONLY rooms AS r SET channel_name = $2 WHERE r.room_id = $1',
      'UPDATE room_members SET seen_at = $1::bigint, user_photo = $2 WHERE uid = $3',
      // A form it does not read is counted as a change.
      'UPDATE room_members SET (seen_at, grant_board) = ($1, 0) WHERE uid = $2',
    ])
      expect(changesRoster(sql), sql).toBe(true)
  })

  it('reads, other tables and updates of columns the roster does not read do not', () => {
    for (const sql of [
      `SELECT m.user_id FROM rooms r JOIN room_members m ON m.room_id = r.room_id
       WHERE r.channel_name = $1 AND m.uid = $2 AND m.left_at IS NULL`,
      'UPDATE room_members SET seen_at = $1 WHERE uid = ANY($2::text[]) AND left_at IS NULL',
      'UPDATE room_members SET enable_audio = 0 WHERE room_id = $1 AND left_at IS NULL AND role <> $2',
      'UPDATE room_members SET grant_board = 0 WHERE room_id = $1',
      'UPDATE rooms SET like_total = like_total + $2 WHERE room_id = $1 RETURNING like_total',
      `UPDATE rooms r SET host_seen_at = $1 WHERE state <> 0 AND EXISTS
       (SELECT 1 FROM room_members m WHERE m.room_id = r.room_id AND m.role = 1)`,
      "UPDATE rooms SET inactive_warned_at = NULL WHERE channel_name = 'role, uid'",
      'DELETE FROM room_requests WHERE room_id = $1',
      'INSERT INTO channel_messages (channel, seq) VALUES ($1, $2)',
    ])
      expect(changesRoster(sql), sql).toBe(false)
  })
})

describe('watchRosterWrites', () => {
  const fakeDb = (log: string[]): Db => ({
    kind: 'pglite',
    query: async (sql: string) => {
      log.push(`query ${sql.split(' ')[0]}`)
      return { rows: [] }
    },
    exec: async () => void log.push('exec'),
    transaction: async (fn) => {
      log.push('begin')
      const result = await fn({
        query: async (sql: string) => {
          log.push(`tx ${sql.split(' ')[0]}`)
          return { rows: [] }
        },
      })
      log.push('commit')
      return result
    },
    close: async () => undefined,
  })
  const told = (log: string[]) => ({
    starting: () => void log.push('starting'),
    done: () => void log.push('done'),
  })

  it('tells of a change as it is sent and once it is done; a transaction’s once it ended', async () => {
    const log: string[] = []
    const db = watchRosterWrites(fakeDb(log), told(log))
    await db.query('SELECT 1 FROM room_members')
    await db.query('UPDATE room_members SET role = 1')
    await db.transaction(async (tx) => {
      await tx.query('SELECT 1')
      await tx.query('INSERT INTO room_members (uid) VALUES ($1)')
      await tx.query('UPDATE rooms SET like_total = 1')
    })
    await db.transaction(async (tx) => void (await tx.query('UPDATE rooms SET like_total = 2')))
    await db.exec('CREATE TABLE x (a int)')
    expect(log).toEqual([
      'query SELECT',
      'starting',
      'query UPDATE',
      'done',
      'begin',
      'tx SELECT',
      'starting',
      'tx INSERT',
      'tx UPDATE',
      'commit',
      'done',
      'begin',
      'tx UPDATE',
      'commit',
      'starting',
      'exec',
      'done',
    ])
  })

  it('a failed statement or transaction is still told as done', async () => {
    const log: string[] = []
    const failing: Db = {
      ...fakeDb(log),
      query: async () => {
        throw new Error('no')
      },
      transaction: async (fn) => {
        await fn({ query: async () => ({ rows: [] }) })
        throw new Error('rolled back')
      },
    }
    const db = watchRosterWrites(failing, told(log))
    await expect(db.query('DELETE FROM rooms')).rejects.toThrow('no')
    await expect(
      db.transaction(async (tx) => void (await tx.query('DELETE FROM room_members'))),
    ).rejects.toThrow('rolled back')
    expect(log).toEqual(['starting', 'done', 'starting', 'done'])
  })
})
