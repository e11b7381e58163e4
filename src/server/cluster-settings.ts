import { availableParallelism } from 'node:os'

/** WORKERS: a count, or `auto` for one per core. */
export function workersOf(value: string | undefined): number {
  if (value === undefined || value === '' || value === 'auto') return availableParallelism()
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1 || n > 256)
    throw new Error(`WORKERS must be a whole number from 1 to 256 or 'auto', got '${value}'`)
  return n
}

/** Why these settings cannot run N processes (one database and one Redis they share). */
export function clusterProblem(n: number, env: NodeJS.ProcessEnv): string | undefined {
  if (n <= 1) return undefined
  if (!env.DATABASE_URL)
    return `WORKERS=${n} needs DATABASE_URL: the embedded database belongs to one process; the workers share a PostgreSQL server`
  if (!env.REDIS_URL)
    return `WORKERS=${n} needs REDIS_URL: the workers share channels, presence and announcements through Redis`
  return undefined
}
