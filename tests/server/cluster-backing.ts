import { execFileSync } from 'node:child_process'
import { postgresBin, startPostgres } from './postgres'
import { redisBin, startRedis } from './redis'

/** A free loopback port (scripts/free-port.mjs). */
export const freePort = () =>
  Number(execFileSync(process.execPath, ['scripts/free-port.mjs']).toString().trim())

/** Whether PostgreSQL and redis-server are installed (`.ci/run` installs them). */
export const clusterBackingInstalled = Boolean(postgresBin() && redisBin())

/** What several server processes share (docs/server.md "Several processes"). */
export interface ClusterBacking {
  /** DATABASE_URL */
  readonly databaseUrl: string
  /** The Redis (REDIS_URL: `redis.url`), which a test may stop and start again. */
  readonly redis: Awaited<ReturnType<typeof startRedis>>
  close(): Promise<void>
}

/**
 * A throwaway PostgreSQL and Redis on free loopback ports for tests of several server
 * processes; undefined when either is not installed.
 */
export async function startClusterBacking(): Promise<ClusterBacking | undefined> {
  const pgBin = postgresBin()
  const rdBin = redisBin()
  if (!pgBin || !rdBin) return undefined
  const pg = startPostgres(pgBin, freePort())
  try {
    const redis = await startRedis(rdBin, freePort())
    return {
      databaseUrl: pg.url,
      redis,
      async close() {
        await redis.close()
        pg.stop()
      },
    }
  } catch (error) {
    pg.stop()
    throw error
  }
}
