import { resolve } from 'node:path'
import type { IceServer } from '@streams/wire/rest/room'
import {
  agoraRecordingSettingsFromEnv,
  type AgoraRecordingSettings,
} from './agora/cloud-recording-settings'
import { netlessSettingsFromEnv, type NetlessSettings } from './agora/netless-settings'
import {
  agoraPair,
  bool,
  iceServersOf,
  janusUrlsOf,
  mediaOf,
  num,
  trustProxyOf,
} from './config-values'

/** SMS code caps (auth/sms-codes.ts). */
export interface SmsLimits {
  /** Seconds before one phone may be sent another code (60: one a minute). */
  readonly resendSeconds: number
  /** Codes one phone may be sent in 24 hours. */
  readonly perPhonePerDay: number
  /** Distinct phones one client address may have codes sent to in 24 hours. */
  readonly phonesPerAddressPerDay: number
}

export interface ServerConfig {
  readonly host: string
  readonly port: number
  readonly dataDir: string
  /** PostgreSQL connection string; when absent the embedded database in dataDir is used. */
  readonly databaseUrl?: string
  /**
   * Redis, through which several server processes share the realtime service (REDIS_URL); when
   * absent this process is the whole service. `redisPrefix` starts its keys and topics.
   */
  readonly redisUrl?: string
  readonly redisPrefix?: string
  /** The built client to serve; when absent only the API runs. */
  readonly staticDir?: string
  /** The app id in REST paths (/api/s1/serve/{appId}/v1/). */
  readonly appId: string
  readonly version: string
  readonly logLevel: string
  readonly settings: Settings
}

/** Behaviour settings; every one has a default fit for a first run on a fresh machine. */
export interface Settings {
  /** NODE_ENV=production: stricter defaults (secure cookies, no console SMS). */
  readonly production: boolean
  /** Visitors (no login) may enter rooms with a generated nickname ([HOME-4]). */
  readonly allowVisitors: boolean
  /** Session cookies only over HTTPS. */
  readonly secureCookies: boolean
  /** Deliver SMS codes by printing them (development); refused in production unless set. */
  readonly smsConsole: boolean
  /** Deliver SMS codes by POSTing `{ phone, code, text }` to this URL (a bridge to a provider). */
  readonly smsWebhookUrl?: string
  /** The public origin of the app (https://meet.example.com), for login callbacks and links. */
  readonly publicUrl?: string
  /** Local mode: STUN/TURN servers for WebRTC, ICE_SERVERS as JSON (RTCIceServer[]). */
  readonly iceServers?: readonly IceServer[]
  /** Agora mode when both are set. */
  readonly agoraAppId?: string
  readonly agoraAppCertificate?: string
  /**
   * Agora mode's live (AGORA_LIVE_PUSH_URL, AGORA_LIVE_PULL_URL): the room's own CDN stream as
   * URL templates with {channel} and {roomId}, where the host's browser has Agora push it (RTMP)
   * and where the audience plays it (HLS). Both or neither (agora/live-engine.ts says what is
   * wrong); local mode ignores them.
   */
  readonly agoraLivePushUrl?: string
  readonly agoraLivePullUrl?: string
  /** A member whose realtime connection is gone this long is removed ([KICK-2]). */
  readonly presenceGraceMs: number
  /** A room lasts at most this many minutes ([COUNT-1]); 0 means no limit. */
  readonly meetingMaxMinutes: number
  /** A room without a host this long is warned as inactive (cmd 25), then ended (cmd 26). */
  readonly inactiveAfterMs: number
  readonly inactiveGraceMs: number
  /** Capacities by room type ([HOME-6]): conferees of one-to-one, small classroom, lecture hall. */
  readonly conferees: readonly [number, number, number]
  /** The messaging app (spec §7 signature call). */
  readonly wechatAppId?: string
  readonly wechatAppSecret?: string
  /** Largest upload, bytes. */
  readonly maxUploadBytes: number
  /** Local mode's media engine: the Janus SFU, the peer-to-peer mesh, or the SFU when Janus is there. */
  readonly media: 'sfu' | 'mesh' | 'auto'
  /** External Janus servers (WebSocket URLs of their Janus API); none: this server runs its own. */
  readonly janusUrls: readonly string[]
  /** The external servers' API secret and (signed or stored) token, when they need them. */
  readonly janusApiSecret?: string
  readonly janusToken?: string
  /** How many may publish at once in one SFU room (cameras and screen shares). */
  readonly sfuPublishers: number
  /** Where the RTMP ingest of input users listens (RTMP_HOST, RTMP_PORT; port 0: any free one). */
  readonly rtmpHost: string
  readonly rtmpPort: number
  /** Room entries worked on at once, and entrants held in line beyond them (rooms/admission.ts). */
  readonly admissionConcurrency: number
  readonly admissionQueue: number
  /**
   * Behind a reverse proxy: whom to trust for the client address (X-Forwarded-For), as Fastify's
   * `trustProxy` takes it (true, or a comma-separated list of proxy addresses/CIDRs). Off by
   * default.
   */
  readonly trustProxy: boolean | string
  /**
   * Support staff (SUPPORT_ACCOUNTS): the accounts, by login name, phone or user id, that read
   * the users' problem reports at /replay. Nobody else can; none by default.
   */
  readonly supportAccounts: readonly string[]
  /** SMS code caps (docs/rest.md): the resend interval, per phone a day, phones per address a day. */
  readonly sms: SmsLimits
  /** Realtime connections (docs/realtime.md): login timeout, heartbeat, caps; 0 is no cap. */
  readonly rtm: RealtimeLimits
  /** Agora mode's whiteboard: the Netless service (read only in Agora mode). */
  readonly netless: NetlessSettings
  /** Agora mode's cloud recording (AGORA_CUSTOMER_*, AGORA_RECORDING_*, AGORA_REST_URL). */
  readonly agoraRecording: AgoraRecordingSettings
}

export interface RealtimeLimits {
  /** A connection not logged in this long after it opened is closed. */
  readonly loginTimeoutMs: number
  /** A ping goes out this often; a connection that did not answer the previous one is closed. */
  readonly heartbeatMs: number
  /** Open connections one account may hold (its logged-in sockets across rooms and tabs). */
  readonly maxPerUser: number
  /** Open connections from one client address. */
  readonly maxPerAddress: number
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Settings {
  const production = env.NODE_ENV === 'production'
  const unlimited = (v: string | undefined, fallback: number, name: string) => {
    const n = num(v, fallback, name)
    return n === 0 ? Number.POSITIVE_INFINITY : n
  }
  return {
    production,
    allowVisitors: bool(env.ALLOW_VISITORS, true),
    secureCookies: bool(env.SECURE_COOKIES, production),
    smsConsole: bool(env.SMS_CONSOLE, !production),
    smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    ...agoraPair(env.AGORA_APP_ID || undefined, env.AGORA_APP_CERTIFICATE || undefined),
    agoraLivePushUrl: env.AGORA_LIVE_PUSH_URL || undefined,
    agoraLivePullUrl: env.AGORA_LIVE_PULL_URL || undefined,
    iceServers: iceServersOf(env.ICE_SERVERS),
    presenceGraceMs: num(env.PRESENCE_GRACE_MS, 30_000, 'PRESENCE_GRACE_MS'),
    meetingMaxMinutes: num(env.MEETING_MAX_MINUTES, 0, 'MEETING_MAX_MINUTES'),
    inactiveAfterMs: num(env.INACTIVE_AFTER_MS, 30 * 60_000, 'INACTIVE_AFTER_MS'),
    inactiveGraceMs: num(env.INACTIVE_GRACE_MS, 5 * 60_000, 'INACTIVE_GRACE_MS'),
    conferees: [
      unlimited(env.CAPACITY_ONE_TO_ONE, 1, 'CAPACITY_ONE_TO_ONE'),
      unlimited(env.CAPACITY_SMALL_CLASS, 16, 'CAPACITY_SMALL_CLASS'),
      unlimited(env.CAPACITY_LECTURE_HALL, 0, 'CAPACITY_LECTURE_HALL'),
    ],
    wechatAppId: env.WECHAT_APP_ID || undefined,
    wechatAppSecret: env.WECHAT_APP_SECRET || undefined,
    maxUploadBytes: num(env.MAX_UPLOAD_MB, 100, 'MAX_UPLOAD_MB') * 1024 * 1024,
    media: mediaOf(env.MEDIA),
    janusUrls: janusUrlsOf(env.JANUS_URL),
    janusApiSecret: env.JANUS_API_SECRET || undefined,
    janusToken: env.JANUS_TOKEN || undefined,
    sfuPublishers: num(env.SFU_PUBLISHERS, 64, 'SFU_PUBLISHERS'),
    rtmpHost: env.RTMP_HOST || '0.0.0.0',
    rtmpPort: num(env.RTMP_PORT, 1935, 'RTMP_PORT'),
    admissionConcurrency: Math.max(1, num(env.ADMISSION_CONCURRENCY, 256, 'ADMISSION_CONCURRENCY')),
    admissionQueue: num(env.ADMISSION_QUEUE, 2000, 'ADMISSION_QUEUE'),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    supportAccounts: (env.SUPPORT_ACCOUNTS ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter((a) => a !== ''),
    sms: {
      resendSeconds: Math.ceil(num(env.SMS_RESEND_SECONDS, 60, 'SMS_RESEND_SECONDS')),
      perPhonePerDay: num(env.SMS_PER_PHONE_DAILY, 10, 'SMS_PER_PHONE_DAILY'),
      phonesPerAddressPerDay: num(env.SMS_PHONES_PER_ADDRESS, 20, 'SMS_PHONES_PER_ADDRESS'),
    },
    rtm: {
      loginTimeoutMs: num(env.RTM_LOGIN_TIMEOUT_MS, 10_000, 'RTM_LOGIN_TIMEOUT_MS'),
      heartbeatMs: num(env.RTM_HEARTBEAT_MS, 30_000, 'RTM_HEARTBEAT_MS'),
      maxPerUser: num(env.RTM_MAX_PER_USER, 10, 'RTM_MAX_PER_USER'),
      maxPerAddress: num(env.RTM_MAX_PER_ADDRESS, 500, 'RTM_MAX_PER_ADDRESS'),
    },
    netless: netlessSettingsFromEnv(env),
    agoraRecording: agoraRecordingSettingsFromEnv(env),
  }
}

/**
 * The base of a server built in code (tests, benches): as a fresh environment, except that no
 * media engine runs unless asked (`settings.media`); `npm start` reads MEDIA (auto by default).
 */
export const DEFAULT_SETTINGS: Settings = {
  ...settingsFromEnv({}),
  media: 'mesh',
  rtmpHost: '127.0.0.1',
  rtmpPort: 0,
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
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || undefined,
    staticDir: env.STATIC_DIR === '' ? undefined : resolve(env.STATIC_DIR ?? 'dist'),
    appId: env.APP_ID ?? 'roomcast',
    version: env.npm_package_version ?? '0.1.0',
    logLevel: env.LOG_LEVEL ?? 'info',
    settings: settingsFromEnv(env),
  }
}
