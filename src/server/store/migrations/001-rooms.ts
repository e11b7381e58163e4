import type { Migration } from './migration'

export const migration001: Migration = {
  version: 1,
  name: 'rooms, members, users, settings',
  sql: `
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE users (
        user_id TEXT PRIMARY KEY,
        nick_name TEXT NOT NULL,
        login_name TEXT,
        user_type TEXT NOT NULL DEFAULT 'visitor',
        created_at BIGINT NOT NULL
      );
      CREATE TABLE rooms (
        room_id TEXT PRIMARY KEY,
        room_uuid TEXT NOT NULL UNIQUE,
        room_name TEXT NOT NULL,
        room_type INTEGER NOT NULL,
        channel_name TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        state INTEGER NOT NULL DEFAULT 1,
        create_user_id TEXT NOT NULL,
        create_time BIGINT NOT NULL,
        start_time BIGINT NOT NULL,
        end_time BIGINT,
        mute_all_chat INTEGER NOT NULL DEFAULT 0,
        mute_all_audio INTEGER NOT NULL DEFAULT 0,
        share_board INTEGER NOT NULL DEFAULT 0,
        share_screen INTEGER NOT NULL DEFAULT 0,
        create_board_user_id TEXT NOT NULL DEFAULT '0',
        main_screen_uid TEXT NOT NULL DEFAULT '',
        layout TEXT NOT NULL DEFAULT 'p_all_1',
        live_state INTEGER NOT NULL DEFAULT 0,
        playback_state INTEGER NOT NULL DEFAULT 0,
        recording_state INTEGER NOT NULL DEFAULT 0,
        audience_watch_type INTEGER NOT NULL DEFAULT 1
      );
      CREATE UNIQUE INDEX rooms_active_name ON rooms (room_name) WHERE state <> 0;
      CREATE TABLE room_members (
        room_id TEXT NOT NULL REFERENCES rooms (room_id),
        uid TEXT NOT NULL,
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        user_uuid TEXT NOT NULL,
        user_photo TEXT NOT NULL DEFAULT '',
        role INTEGER NOT NULL,
        enable_audio INTEGER NOT NULL DEFAULT 0,
        enable_video INTEGER NOT NULL DEFAULT 0,
        enable_chat INTEGER NOT NULL DEFAULT 1,
        grant_board INTEGER NOT NULL DEFAULT 0,
        grant_screen INTEGER NOT NULL DEFAULT 0,
        screen_id TEXT NOT NULL DEFAULT '',
        user_state INTEGER NOT NULL DEFAULT 1,
        joined_at BIGINT NOT NULL,
        left_at BIGINT,
        PRIMARY KEY (room_id, uid)
      );
      CREATE INDEX room_members_user ON room_members (room_id, user_id);
    `,
}
