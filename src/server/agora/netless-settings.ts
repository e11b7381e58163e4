/** Netless's data centres (its REST API's `region` header and the browser SDK's `region`). */
export const NETLESS_REGIONS = ['cn-hz', 'us-sv', 'sg', 'in-mum', 'gb-lon', 'eu'] as const

/**
 * The Netless whiteboard service of Agora mode. Nothing here is checked when the settings are
 * read: local mode ignores them, and in Agora mode a missing or wrong one is refused by name
 * when the whiteboard is asked for (src/server/agora/netless.ts), never at start.
 */
export interface NetlessSettings {
  /** NETLESS_APP_ID: the whiteboard project's app identifier (the browser SDK joins with it). */
  readonly appId?: string
  /** NETLESS_ACCESS_KEY and NETLESS_SECRET_KEY: the project's key pair; tokens are signed here. */
  readonly accessKey?: string
  readonly secretKey?: string
  /** NETLESS_SDK_TOKEN: an SDK token instead of the key pair; room tokens are then asked of the API. */
  readonly sdkToken?: string
  /** NETLESS_REGION: the data centre, one of NETLESS_REGIONS (cn-hz by default). */
  readonly region: string
  /** NETLESS_API_URL: the REST API's base URL (https://api.netless.link by default). */
  readonly apiUrl: string
}

export function netlessSettingsFromEnv(env: NodeJS.ProcessEnv): NetlessSettings {
  return {
    appId: env.NETLESS_APP_ID || undefined,
    accessKey: env.NETLESS_ACCESS_KEY || undefined,
    secretKey: env.NETLESS_SECRET_KEY || undefined,
    sdkToken: env.NETLESS_SDK_TOKEN || undefined,
    region: env.NETLESS_REGION || 'cn-hz',
    apiUrl: (env.NETLESS_API_URL || 'https://api.netless.link').replace(/\/+$/, ''),
  }
}
