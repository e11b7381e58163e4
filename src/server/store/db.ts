import { mkdirSync } from 'node:fs'
import { openMemoryPglite } from './pglite-template'

/**
 * One SQL dialect (PostgreSQL) for both stores: the embedded PGlite in the data folder by
 * default, a real PostgreSQL server when DATABASE_URL is set.
 */
export interface Db {
  query<R extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<{ rows: R[] }>
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>
  transaction<T>(fn: (tx: Pick<Db, 'query'>) => Promise<T>): Promise<T>
  close(): Promise<void>
  readonly kind: 'pglite' | 'postgres'
}

export async function openDb(options: {
  dataDir?: string
  databaseUrl?: string
  memory?: boolean
}): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
  return openPglite(options.memory ? undefined : options.dataDir)
}

/**
 * PGlite's buffer pool. PostgreSQL's default, 128 MB, is allocated and zero-filled in PGlite's
 * WebAssembly memory at start and stays resident for the process's life (docs/server.md "Where
 * an idle server's memory goes"); 16 MB holds this product's rows and indexes in use, and what is
 * not in it is read from the data folder through the kernel's page cache.
 */
export const PGLITE_SHARED_BUFFERS = '16MB'

async function openPglite(dataDir: string | undefined): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite')
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const options = {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  }
  const pg = dataDir
    ? new PGlite(`${dataDir}/pg`, options)
    : await openMemoryPglite(PGlite, options)
  await pg.waitReady
  return {
    kind: 'pglite',
    query: async <R extends object>(sql: string, params: readonly unknown[] = []) => {
      const result = await pg.query<R>(sql, params as unknown[])
      return { rows: result.rows }
    },
    exec: async (sql) => {
      await pg.exec(sql)
    },
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn({
          query: async <R extends object>(sql: string, params: readonly unknown[] = []) => {
            const result = await tx.query<R>(sql, params as unknown[])
            return { rows: result.rows }
          },
        }),
      ),
    close: () => pg.close(),
  }
}

async function openPostgres(connectionString: string): Promise<Db> {
  const { default: pg } = await import('pg')
  const pool = new pg.Pool({ connectionString, max: 10 })
  const query = async <R extends object>(sql: string, params: readonly unknown[] = []) => {
    const result = await pool.query(sql, params as unknown[])
    return { rows: result.rows as R[] }
  }
  return {
    kind: 'postgres',
    query,
    exec: async (sql) => {
      await pool.query(sql)
    },
    transaction: async (fn) => {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn({
          query: async <R extends object>(sql: string, params: readonly unknown[] = []) => {
            const r = await client.query(sql, params as unknown[])
            return { rows: r.rows as R[] }
          },
        })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
