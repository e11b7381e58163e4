import type { Migration } from './migration'

/**
 * A channel's recent messages with their sequence numbers, so a member whose connection dropped
 * (or whose server restarted) asks for what it missed, and a message is never numbered twice.
 */
export const migration005: Migration = {
  version: 5,
  name: 'channel message history',
  sql: `
      CREATE TABLE channel_seqs (
        channel TEXT PRIMARY KEY,
        last_seq BIGINT NOT NULL
      );
      CREATE TABLE channel_messages (
        channel TEXT NOT NULL,
        seq BIGINT NOT NULL,
        from_uid TEXT NOT NULL,
        msg_id TEXT,
        text TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (channel, seq)
      );
      CREATE INDEX channel_messages_id ON channel_messages (channel, msg_id) WHERE msg_id IS NOT NULL;
      CREATE INDEX channel_messages_at ON channel_messages (at);
      CREATE INDEX rooms_channel ON rooms (channel_name);
    `,
}
