import type { Migration } from './migration'

/**
 * Recordings made by Agora's Cloud Recording: which engine made a recording ('local': this
 * server's program; 'agora'), the cloud session (resource id, sid, the recorder's uid) kept so a
 * restarted server finds and stops it, and the files the recorder reported (JSON list of names in
 * the bucket) with the upload status stop answered.
 */
export const migration013: Migration = {
  version: 13,
  name: 'recordings: engine and cloud recording session',
  sql: `
      ALTER TABLE recordings ADD COLUMN engine TEXT NOT NULL DEFAULT 'local';
      ALTER TABLE recordings ADD COLUMN resource_id TEXT NOT NULL DEFAULT '';
      ALTER TABLE recordings ADD COLUMN sid TEXT NOT NULL DEFAULT '';
      ALTER TABLE recordings ADD COLUMN recorder_uid TEXT NOT NULL DEFAULT '';
      ALTER TABLE recordings ADD COLUMN files TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE recordings ADD COLUMN uploading TEXT NOT NULL DEFAULT ''
    `,
}
