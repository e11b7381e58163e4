/**
 * Agora Cloud Recording's settings (Agora mode only; local mode never reads them). They are kept
 * as given and checked when a recording starts, so that a missing or wrong one is a refusal that
 * names it (the API's error and the server log), never a server that does not start.
 */
export interface AgoraRecordingSettings {
  /** The REST API's base URL (AGORA_REST_URL; Agora documents https://api.agora.io and https://api.sd-rtn.com). */
  readonly restUrl: string
  /** The RESTful API's customer id and secret (HTTP Basic auth), from Agora Console. */
  readonly customerId?: string
  readonly customerSecret?: string
  /**
   * Third-party storage the recorder uploads to: vendor and region numbers as Agora lists them
   * (1 Amazon S3, 2 Alibaba Cloud, 3 Tencent Cloud…:
   * https://docs.agora.io/en/cloud-recording/reference/region-vendor).
   */
  readonly vendor?: string
  readonly region?: string
  readonly bucket?: string
  readonly accessKey?: string
  readonly secretKey?: string
  /** Folders in the bucket, e.g. "roomcast/recordings" (letters and digits, up to 5). */
  readonly prefix?: string
  /** Where a stored file is played: a URL with {file} for its name in the bucket. */
  readonly playbackUrl?: string
  /** How often a running recording is queried (ms). */
  readonly queryMs: number
}

export const AGORA_REST_URL = 'https://api.agora.io'

const set = (value: string | undefined) => (value === undefined || value === '' ? undefined : value)

export function agoraRecordingSettingsFromEnv(env: NodeJS.ProcessEnv): AgoraRecordingSettings {
  const queryMs = Number(env.AGORA_RECORDING_QUERY_MS)
  return {
    restUrl: set(env.AGORA_REST_URL) ?? AGORA_REST_URL,
    customerId: set(env.AGORA_CUSTOMER_ID),
    customerSecret: set(env.AGORA_CUSTOMER_SECRET),
    vendor: set(env.AGORA_RECORDING_VENDOR),
    region: set(env.AGORA_RECORDING_REGION),
    bucket: set(env.AGORA_RECORDING_BUCKET),
    accessKey: set(env.AGORA_RECORDING_ACCESS_KEY),
    secretKey: set(env.AGORA_RECORDING_SECRET_KEY),
    prefix: set(env.AGORA_RECORDING_PREFIX),
    playbackUrl: set(env.AGORA_RECORDING_PLAYBACK_URL),
    queryMs: Number.isFinite(queryMs) && queryMs >= 1000 ? queryMs : 30_000,
  }
}

/** What start sends as `storageConfig` (docs.agora.io/en/cloud-recording/rest-api/start). */
export interface StorageConfig {
  readonly vendor: number
  readonly region: number
  readonly bucket: string
  readonly accessKey: string
  readonly secretKey: string
  readonly fileNamePrefix: string[]
}

/** Everything a recording needs, checked; or the settings that are missing or wrong, by name. */
export type CheckedRecordingSettings =
  | {
      readonly ok: true
      readonly restUrl: string
      readonly auth: string
      readonly storage: StorageConfig
      readonly playbackUrl: string
    }
  | { readonly ok: false; readonly problems: readonly string[] }

const whole = (value: string | undefined, name: string, problems: string[], max: number) => {
  if (value === undefined) {
    problems.push(`${name} is not set`)
    return 0
  }
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > max)
    problems.push(`${name} must be a whole number from 0 to ${max}, got '${value}'`)
  return n
}

/** Checks the settings of Agora mode's cloud recording (no network: the values only). */
export function checkRecordingSettings(s: AgoraRecordingSettings): CheckedRecordingSettings {
  const problems: string[] = []
  const required = (value: string | undefined, name: string) => {
    if (value === undefined) problems.push(`${name} is not set`)
    return value ?? ''
  }
  if (!/^https?:\/\/[^\s/]+/.test(s.restUrl))
    problems.push(`AGORA_REST_URL must be an http(s) URL, got '${s.restUrl}'`)
  const customerId = required(s.customerId, 'AGORA_CUSTOMER_ID')
  const customerSecret = required(s.customerSecret, 'AGORA_CUSTOMER_SECRET')
  const vendor = whole(s.vendor, 'AGORA_RECORDING_VENDOR', problems, 20)
  const region = whole(s.region, 'AGORA_RECORDING_REGION', problems, 100)
  const bucket = required(s.bucket, 'AGORA_RECORDING_BUCKET')
  const accessKey = required(s.accessKey, 'AGORA_RECORDING_ACCESS_KEY')
  const secretKey = required(s.secretKey, 'AGORA_RECORDING_SECRET_KEY')
  const playbackUrl = required(s.playbackUrl, 'AGORA_RECORDING_PLAYBACK_URL')
  if (s.playbackUrl !== undefined && !/^https?:\/\/\S*\{file\}/.test(s.playbackUrl))
    problems.push(
      `AGORA_RECORDING_PLAYBACK_URL must be an http(s) URL with {file}, got '${s.playbackUrl}'`,
    )
  const fileNamePrefix = (s.prefix ?? '').split('/').filter((p) => p !== '')
  if (fileNamePrefix.length > 5 || fileNamePrefix.some((p) => !/^[A-Za-z0-9]+$/.test(p)))
    problems.push(
      `AGORA_RECORDING_PREFIX must be up to 5 folders of letters and digits (a/b), got '${s.prefix}'`,
    )
  if (problems.length > 0) return { ok: false, problems }
  return {
    ok: true,
    restUrl: s.restUrl.replace(/\/+$/, ''),
    auth: 'Basic ' + Buffer.from(`${customerId}:${customerSecret}`).toString('base64'),
    storage: { vendor, region, bucket, accessKey, secretKey, fileNamePrefix },
    playbackUrl,
  }
}
