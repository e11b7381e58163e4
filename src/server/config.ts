import { resolve } from 'node:path'

export interface ServerConfig {
  readonly host: string
  readonly port: number
  readonly dataDir: string
  /** PostgreSQL connection string; when absent the embedded database in dataDir is used. */
  readonly databaseUrl?: string
  /** The built client to serve; when absent only the API runs. */
  readonly staticDir?: string
  /** The app id in REST paths (/api/s1/serve/{appId}/v1/). */
  readonly appId: string
  readonly version: string
  readonly logLevel: string
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got '${env.PORT}'`)
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    staticDir: env.STATIC_DIR === '' ? undefined : resolve(env.STATIC_DIR ?? 'dist'),
    appId: env.APP_ID ?? 'roomcast',
    version: env.npm_package_version ?? '0.1.0',
    logLevel: env.LOG_LEVEL ?? 'info',
  }
}
