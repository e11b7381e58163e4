/**
 * The 2-process run of `npm run bench:realtime`: the same load on two roomcast processes sharing
 * the realtime service through a redis-server of the bench's own (`SKIP=redis` leaves it out).
 */
import { execFileSync } from 'node:child_process'
import { redisBin, startRedis } from '../server/redis'
import { run, type LoadResult } from './realtime-load'
import { SKIP } from './realtime-options'

/** The run's figures; undefined (said why) when skipped or when no redis-server is installed. */
export async function twoOnRedis(): Promise<LoadResult | undefined> {
  const bin = redisBin()
  if (!bin || SKIP.has('redis')) {
    console.log(
      SKIP.has('redis')
        ? '2 on redis: skipped (SKIP)'
        : '2 on redis: skipped (no redis-server; apt-get install redis-server)',
    )
    return undefined
  }
  const port = Number(execFileSync(process.execPath, ['scripts/free-port.mjs']).toString().trim())
  const redis = await startRedis(bin, port)
  return run('redis', { url: redis.url, pid: redis.pid }).finally(() => redis.close())
}
