import type { Migration } from './migration'

/**
 * Stage uids (Agora mode, streams/wire/stage.ts): the media uids a room reserves for what is no
 * member (the whiteboard's picture, a language's sound mix), one per room and stage, never two
 * stages of a room under one uid.
 */
export const migration016: Migration = {
  version: 16,
  name: 'stage uids',
  sql: `
    CREATE TABLE stage_uids (
      room_id TEXT NOT NULL,
      stage TEXT NOT NULL,
      uid TEXT NOT NULL,
      create_time BIGINT NOT NULL,
      PRIMARY KEY (room_id, stage),
      UNIQUE (room_id, uid)
    )
  `,
}
