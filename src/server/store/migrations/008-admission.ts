import type { Migration } from './migration'

/**
 * Admission at the size of a crowd: a room's keyed password hash (checked in microseconds, see
 * auth/room-keys.ts), and indexes so that an entry, a realtime login and the presence job touch
 * the present members they need, never every member of the room.
 */
export const migration008: Migration = {
  version: 8,
  name: 'admission: keyed room passwords, present-member indexes',
  sql: `
      ALTER TABLE rooms ADD COLUMN password_key TEXT;
      CREATE INDEX room_members_present_role ON room_members (room_id, role) WHERE left_at IS NULL;
      CREATE INDEX room_members_present_uid ON room_members (uid) WHERE left_at IS NULL;
      CREATE INDEX room_members_present_seen ON room_members (seen_at) WHERE left_at IS NULL;
    `,
}
