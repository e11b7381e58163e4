import { migration001 } from './migrations/001-rooms'
import { migration002 } from './migrations/002-features'
import { migration005 } from './migrations/005-channel-history'
import { migration006 } from './migrations/006-broadcast'
import { migration007 } from './migrations/007-security'
import { migration008 } from './migrations/008-admission'
import { migration009 } from './migrations/009-reports'
import { migration010 } from './migrations/010-quiz-kind'
import { migration011 } from './migrations/011-interpreters'
import { migration013 } from './migrations/013-cloud-recording'
import { migration014 } from './migrations/014-live-push-states'
import { migration015 } from './migrations/015-presence'
import { migration016 } from './migrations/016-stage-uids'
import { migration019 } from './migrations/019-member-order'
import type { Db } from './db'
import type { Migration } from './migrations/migration'

export type { Migration }

/** Versioned migrations, applied in order once each. Never edit one that has shipped: add one. */
export const MIGRATIONS: readonly Migration[] = [
  migration001,
  migration002,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration013,
  migration014,
  migration015,
  migration016,
  migration019,
]

/**
 * Applies the pending migrations in one transaction, under an advisory lock so that several
 * server processes starting together against one PostgreSQL migrate once.
 */
export async function migrate(db: Db): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7311001)')
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
    )
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations')
    const done = new Set(rows.map((r) => Number(r.version)))
    const applied: number[] = []
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue
      for (const statement of splitStatements(migration.sql)) await tx.query(statement)
      await tx.query(
        'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
        [migration.version, migration.name, Date.now()],
      )
      applied.push(migration.version)
    }
    return applied
  })
}

function splitStatements(sql: string): string[] {
  return sql
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
}
