import type { Migration } from './migration'

/**
 * Live broadcast and cloud recording on our own engines: a recording composed by the server
 * (kind 'cloud'; 'upload' is a file a browser sent) with its length, size and how it ended; and
 * the room's input users (RTMP pushes and pulled streams that appear as 4-digit-uid members).
 */
export const migration006: Migration = {
  version: 6,
  name: 'broadcast',
  sql: `
    ALTER TABLE recordings ADD COLUMN kind TEXT NOT NULL DEFAULT 'upload';
    ALTER TABLE recordings ADD COLUMN duration_ms BIGINT;
    ALTER TABLE recordings ADD COLUMN size BIGINT;
    ALTER TABLE recordings ADD COLUMN interrupted INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE recordings ADD COLUMN error TEXT NOT NULL DEFAULT '';
    CREATE TABLE input_users (
      room_id TEXT NOT NULL,
      uid TEXT NOT NULL,
      kind TEXT NOT NULL,
      name TEXT NOT NULL,
      stream_key TEXT NOT NULL DEFAULT '',
      source_url TEXT NOT NULL DEFAULT '',
      created_by TEXT NOT NULL,
      create_time BIGINT NOT NULL,
      deleted_at BIGINT,
      PRIMARY KEY (room_id, uid)
    );
    CREATE INDEX input_users_key ON input_users (stream_key)
  `,
}
