import type { Migration } from './migration'

export const migration002: Migration = {
  version: 2,
  name: 'accounts, room extras, presence, requests and the features of spec §7',
  sql: `
      ALTER TABLE users ADD COLUMN phone TEXT;
      ALTER TABLE users ADD COLUMN password_hash TEXT;
      ALTER TABLE users ADD COLUMN join_name TEXT NOT NULL DEFAULT '';
      ALTER TABLE users ADD COLUMN photo TEXT NOT NULL DEFAULT '';
      CREATE UNIQUE INDEX users_phone ON users (phone) WHERE phone IS NOT NULL;
      CREATE UNIQUE INDEX users_login_name ON users (login_name) WHERE login_name IS NOT NULL;
      CREATE TABLE sms_codes (
        phone TEXT PRIMARY KEY,
        code_hash TEXT NOT NULL,
        sent_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE login_failures (
        user_name TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        last_at BIGINT NOT NULL
      );
      ALTER TABLE rooms ADD COLUMN remark TEXT NOT NULL DEFAULT '';
      ALTER TABLE rooms ADD COLUMN tools TEXT NOT NULL DEFAULT '';
      ALTER TABLE rooms ADD COLUMN update_time BIGINT NOT NULL DEFAULT 0;
      ALTER TABLE rooms ADD COLUMN live_open INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE rooms ADD COLUMN introduce_open INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE rooms ADD COLUMN introduce TEXT NOT NULL DEFAULT '';
      ALTER TABLE rooms ADD COLUMN converter_mob TEXT NOT NULL DEFAULT '';
      ALTER TABLE rooms ADD COLUMN live_cdn_type INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE rooms ADD COLUMN pc_cover_image TEXT NOT NULL DEFAULT '';
      ALTER TABLE rooms ADD COLUMN mob_cover_image TEXT NOT NULL DEFAULT '';
      ALTER TABLE rooms ADD COLUMN meeting_topic INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE rooms ADD COLUMN board_id TEXT NOT NULL DEFAULT '';
      ALTER TABLE rooms ADD COLUMN replaced_host_uid TEXT NOT NULL DEFAULT '';
      ALTER TABLE rooms ADD COLUMN show_lucky_money INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE rooms ADD COLUMN like_total INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE rooms ADD COLUMN users_amount INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE rooms ADD COLUMN layout_items TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE rooms ADD COLUMN large_uid TEXT NOT NULL DEFAULT '';
      ALTER TABLE rooms ADD COLUMN type_of_cdn TEXT NOT NULL DEFAULT 'p_all_1';
      ALTER TABLE rooms ADD COLUMN inactive_warned_at BIGINT;
      ALTER TABLE rooms ADD COLUMN host_seen_at BIGINT;
      ALTER TABLE room_members ADD COLUMN seen_at BIGINT NOT NULL DEFAULT 0;
      ALTER TABLE room_members ADD COLUMN left_reason TEXT;
      ALTER TABLE room_members ADD COLUMN projection_id TEXT NOT NULL DEFAULT '';
      CREATE INDEX room_members_present ON room_members (seen_at) WHERE left_at IS NULL;
      CREATE TABLE room_requests (
        room_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        from_uid TEXT NOT NULL,
        to_uid TEXT NOT NULL,
        type INTEGER NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (room_id, kind, from_uid, to_uid, type)
      );
      CREATE TABLE projections (
        projection_id TEXT PRIMARY KEY,
        room_id TEXT NOT NULL,
        name TEXT NOT NULL,
        layout_count INTEGER NOT NULL,
        sub_uids TEXT NOT NULL DEFAULT '[]',
        state INTEGER NOT NULL DEFAULT 1,
        create_time BIGINT NOT NULL
      );
      CREATE INDEX projections_room ON projections (room_id);
      CREATE TABLE projection_users (
        projection_id TEXT NOT NULL,
        uid TEXT NOT NULL,
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        seen_at BIGINT NOT NULL,
        PRIMARY KEY (projection_id, uid)
      );
      CREATE TABLE comments (
        comment_id TEXT PRIMARY KEY,
        room_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        user_photo TEXT NOT NULL,
        content TEXT NOT NULL,
        create_time BIGINT NOT NULL
      );
      CREATE INDEX comments_room ON comments (room_id, create_time);
      CREATE TABLE join_records (
        record_id TEXT PRIMARY KEY,
        room_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        source TEXT NOT NULL,
        create_time BIGINT NOT NULL
      );
      CREATE INDEX join_records_room ON join_records (room_id);
      CREATE TABLE files (
        file_id TEXT PRIMARY KEY,
        room_id TEXT NOT NULL,
        kind TEXT NOT NULL DEFAULT 'document',
        recording_id TEXT,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        content_type TEXT NOT NULL,
        size BIGINT NOT NULL,
        storage_key TEXT NOT NULL,
        state INTEGER NOT NULL DEFAULT 0,
        percentage INTEGER NOT NULL DEFAULT 0,
        checked INTEGER NOT NULL DEFAULT 0,
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        create_time BIGINT NOT NULL,
        deleted_at BIGINT
      );
      CREATE INDEX files_room ON files (room_id, create_time);
      CREATE TABLE doms (
        dom_id TEXT PRIMARY KEY,
        room_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        content TEXT NOT NULL,
        create_time BIGINT NOT NULL
      );
      CREATE TABLE recordings (
        recording_id TEXT PRIMARY KEY,
        room_id TEXT NOT NULL,
        status TEXT NOT NULL,
        started_by TEXT NOT NULL,
        start_time BIGINT NOT NULL,
        stop_time BIGINT
      );
      CREATE INDEX recordings_room ON recordings (room_id, start_time);
      CREATE TABLE recording_configs (
        room_id TEXT PRIMARY KEY,
        auto_start INTEGER NOT NULL DEFAULT 0,
        audio_only INTEGER NOT NULL DEFAULT 0,
        resolution TEXT NOT NULL DEFAULT '720p',
        layout TEXT NOT NULL DEFAULT 'p_all_1'
      );
      CREATE TABLE live_streams (
        stream_id TEXT PRIMARY KEY,
        room_id TEXT NOT NULL,
        language_type TEXT NOT NULL,
        language_name TEXT NOT NULL,
        language_icon TEXT NOT NULL,
        language_icon_active TEXT NOT NULL,
        pull_url TEXT NOT NULL,
        push_url TEXT NOT NULL,
        create_time BIGINT NOT NULL
      );
      CREATE TABLE background_images (
        image_id TEXT PRIMARY KEY,
        room_id TEXT NOT NULL,
        url TEXT NOT NULL,
        create_time BIGINT NOT NULL
      );
      CREATE TABLE lucky_money (
        lucky_money_id TEXT PRIMARY KEY,
        room_id TEXT NOT NULL,
        sender_user_id TEXT NOT NULL,
        sender_name TEXT NOT NULL,
        greeting TEXT NOT NULL,
        total_amount INTEGER NOT NULL,
        count INTEGER NOT NULL,
        remaining_amount INTEGER NOT NULL,
        remaining_count INTEGER NOT NULL,
        status INTEGER NOT NULL DEFAULT 1,
        create_time BIGINT NOT NULL
      );
      CREATE INDEX lucky_money_room ON lucky_money (room_id, create_time);
      CREATE TABLE lucky_draws (
        lucky_money_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        amount INTEGER NOT NULL,
        draw_time BIGINT NOT NULL,
        PRIMARY KEY (lucky_money_id, user_id)
      );
      CREATE TABLE sign_ins (
        room_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        user_photo TEXT NOT NULL,
        sign_in_time BIGINT NOT NULL,
        PRIMARY KEY (room_id, user_id)
      );
      CREATE TABLE goods (
        goods_id TEXT PRIMARY KEY,
        room_id TEXT NOT NULL,
        title TEXT NOT NULL,
        goods_img TEXT NOT NULL,
        price INTEGER NOT NULL,
        url TEXT NOT NULL,
        is_app_store INTEGER NOT NULL,
        object_id TEXT NOT NULL,
        object_type TEXT NOT NULL,
        create_time BIGINT NOT NULL
      );
      CREATE TABLE questions (
        question_id TEXT PRIMARY KEY,
        room_id TEXT NOT NULL,
        simple_order INTEGER NOT NULL,
        title TEXT NOT NULL,
        options TEXT NOT NULL,
        answer TEXT NOT NULL,
        standing_second INTEGER NOT NULL,
        show_time BIGINT NOT NULL DEFAULT 0,
        answer_state INTEGER NOT NULL DEFAULT 0,
        captcha_uuid TEXT NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX questions_room ON questions (room_id, simple_order);
      CREATE TABLE question_answers (
        question_id TEXT NOT NULL,
        room_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        user_name TEXT NOT NULL,
        answer TEXT NOT NULL,
        correct BOOLEAN NOT NULL,
        answered_at BIGINT NOT NULL,
        PRIMARY KEY (question_id, user_id)
      );
    `,
}
