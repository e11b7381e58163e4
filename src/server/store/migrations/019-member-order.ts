import type { Migration } from './migration'

/**
 * The member list is read in its order (role, arrival, uid), a page after the last member of the
 * page before (store/member-pages.ts): an index of present members in that order answers a page
 * with its own rows, however deep in a crowd. It also serves everything 008's index of present
 * members by role did (its leading columns), which it replaces: one index less to write at each
 * entry and leave.
 */
export const migration019: Migration = {
  version: 19,
  name: 'member list order',
  sql: `
      CREATE INDEX IF NOT EXISTS room_members_present_order
        ON room_members (room_id, role, joined_at, uid) WHERE left_at IS NULL;
      DROP INDEX IF EXISTS room_members_present_role;
    `,
}
