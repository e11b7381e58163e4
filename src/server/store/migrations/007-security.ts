import type { Migration } from './migration'

/**
 * Sessions kept on the server, so a logout or a new login ends a session for good (the cookie
 * names a session id; a revoked or unknown id is no session), and the SMS code limits: every
 * code sent, by phone and client address (daily caps), and a wrong-code lockout that a resend
 * does not reset.
 */
export const migration007: Migration = {
  version: 7,
  name: 'server sessions and sms limits',
  sql: `
      CREATE TABLE sessions (
        sid TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX sessions_user ON sessions (user_id);
      CREATE INDEX sessions_expires ON sessions (expires_at);
      CREATE TABLE sms_sends (
        phone TEXT NOT NULL,
        address TEXT NOT NULL,
        sent_at BIGINT NOT NULL
      );
      CREATE INDEX sms_sends_phone ON sms_sends (phone, sent_at);
      CREATE INDEX sms_sends_address ON sms_sends (address, sent_at);
      ALTER TABLE sms_codes ADD COLUMN failed_at BIGINT NOT NULL DEFAULT 0;
      ALTER TABLE sms_codes ADD COLUMN locked_until BIGINT NOT NULL DEFAULT 0;
    `,
}
