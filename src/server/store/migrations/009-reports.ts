import type { Migration } from './migration'

/**
 * Problem reports: a user's session log (redacted) with their note, read by support staff only
 * (the replay screen's list of reports).
 */
export const migration009: Migration = {
  version: 9,
  name: 'problem reports',
  sql: `
      CREATE TABLE reports (
        report_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        room_id TEXT NOT NULL DEFAULT '',
        note TEXT NOT NULL,
        events INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        log TEXT NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX reports_created ON reports (created_at DESC);
    `,
}
