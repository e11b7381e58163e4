import type { Migration } from './migration'

/**
 * Multi-language streams carry their own sound: a language stream may name the room member who
 * interprets into it (their microphone is that language's audio, over the room turned down).
 */
export const migration011: Migration = {
  version: 11,
  name: 'live: interpreter of a language stream',
  sql: `
      ALTER TABLE live_streams ADD COLUMN interpreter_uid TEXT NOT NULL DEFAULT '';
    `,
}
