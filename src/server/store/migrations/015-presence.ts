import type { Migration } from './migration'

/**
 * The presence job marks every online member seen every 10 s (server/jobs.ts). Two identical
 * indexes of present members by `seen_at` (002's room_members_present, 008's
 * room_members_present_seen) made each of those updates write a new entry into every index of
 * room_members; without an index on `seen_at`, and with room left on each page, the update stays
 * on its page and writes no index at all (a heap-only update), and the page's old versions are
 * reclaimed as it is read: the embedded database never vacuums, and the table and its indexes
 * grew by the whole online crowd every round. The stale-member check reads the present members
 * instead (docs/server.md "Presence").
 */
export const migration015: Migration = {
  version: 15,
  name: 'presence: heap-only seen updates',
  sql: `
      DROP INDEX IF EXISTS room_members_present_seen;
      DROP INDEX IF EXISTS room_members_present;
      ALTER TABLE room_members SET (fillfactor = 70);
    `,
}
