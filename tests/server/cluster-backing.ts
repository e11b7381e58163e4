import { execFileSync } from 'node:child_process'
import type { BuildOptions } from '../../src/server/app'
import { startServer, type TestServer } from './harness'
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

/** Two server processes' worth of server on one throwaway backing, and how to close them all. */
export interface ServerPair {
  readonly a: TestServer
  readonly b: TestServer
  readonly backing: ClusterBacking
  close(): Promise<void>
}

/**
 * Two servers sharing one database and one Redis (a key prefix of their own), with these
 * settings; undefined when PostgreSQL or Redis is not installed.
 */
export async function startServerPair(
  settings?: BuildOptions['settings'],
): Promise<ServerPair | undefined> {
  const backing = await startClusterBacking()
  if (!backing) return undefined
  const options: BuildOptions = {
    databaseUrl: backing.databaseUrl,
    redisUrl: backing.redis.url,
    redisPrefix: `t${Date.now()}:`,
    settings,
  }
  const started: TestServer[] = []
  const close = async () => {
    for (const server of started) await server.close().catch(() => undefined)
    await backing.close()
  }
  try {
    started.push(await startServer(options))
    started.push(await startServer(options))
  } catch (error) {
    await close()
    throw error
  }
  return { a: started[0]!, b: started[1]!, backing, close }
}
