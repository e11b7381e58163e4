import type { Migration } from './migration'

/**
 * Agora mode's live is pushed from the host's browser, which reports how each push goes: the
 * reports are kept here, so every server process answers the hosts the same.
 */
export const migration014: Migration = {
  version: 14,
  name: 'live: push states reported by the host client',
  sql: `
    CREATE TABLE live_push_states (
      room_id TEXT NOT NULL,
      push_url TEXT NOT NULL,
      state TEXT NOT NULL,
      reason TEXT NOT NULL DEFAULT '',
      update_time BIGINT NOT NULL,
      PRIMARY KEY (room_id, push_url)
    )
  `,
}
