import { Type } from '@sinclair/typebox'
import { IceServerSchema, type IceServer } from '@streams/wire/rest/room'
import { compile } from '@streams/wire/validate'

// How config.ts reads one environment value: each reader names the setting in its refusal.

export const num = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number, got '${value}'`)
  return n
}
/**
 * Agora mode takes both the App ID and the App Certificate; one without the other is refused by
 * name at start (it ran local mode silently, where the operator meant Agora's cloud).
 */
export const agoraPair = (appId: string | undefined, certificate: string | undefined) => {
  if ((appId === undefined) !== (certificate === undefined)) {
    const [set, missing] = appId
      ? ['AGORA_APP_ID', 'AGORA_APP_CERTIFICATE']
      : ['AGORA_APP_CERTIFICATE', 'AGORA_APP_ID']
    throw new Error(
      `${missing} is not set while ${set} is: Agora mode needs both (unset both for local mode)`,
    )
  }
  return { agoraAppId: appId, agoraAppCertificate: certificate }
}
export const bool = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value)

const iceServers = compile(Type.Array(IceServerSchema))

/** ICE_SERVERS: a JSON array of { urls, username?, credential? }, as the browser takes it. */
export function iceServersOf(value: string | undefined): readonly IceServer[] | undefined {
  if (!value) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    throw new Error('ICE_SERVERS must be JSON, e.g. [{"urls":"turn:turn.example.com:3478"}]')
  }
  if (!iceServers.check(parsed))
    throw new Error(`ICE_SERVERS: ${iceServers.firstError(parsed) ?? 'invalid'}`)
  return parsed
}

export function mediaOf(value: string | undefined): 'sfu' | 'mesh' | 'auto' {
  if (value === undefined || value === '') return 'auto'
  if (value === 'sfu' || value === 'mesh' || value === 'auto') return value
  throw new Error(`MEDIA must be sfu, mesh or auto, got '${value}'`)
}

/** JANUS_URL: comma-separated WebSocket URLs of Janus servers (rooms are spread over them). */
export function janusUrlsOf(value: string | undefined): readonly string[] {
  const urls = (value ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
  for (const url of urls)
    if (!/^wss?:\/\/[^\s/]+/.test(url))
      throw new Error(`JANUS_URL must list ws:// or wss:// URLs, got '${url}'`)
  return urls
}

/** TRUST_PROXY: 'true' (any proxy) or a comma-separated list of proxy addresses/CIDRs. */
export function trustProxyOf(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || ['0', 'false', 'no', 'off'].includes(value))
    return false
  if (['1', 'true', 'yes', 'on'].includes(value)) return true
  return value
}
