import type { FastifyPluginAsync } from 'fastify'
import { ClientConfigSchema, type IceServer } from '@streams/wire/rest/room'
import { Answer } from '@streams/wire/rest/envelope'
import { ok } from '../http/errors'

/**
 * What the client must know first: the mode and the app id of the REST paths; in Agora mode the
 * Agora app id too (never the certificate); in local mode the STUN/TURN servers, when set, and
 * the media engine (the Janus SFU or the peer-to-peer mesh).
 */
export const configRoutes: FastifyPluginAsync<{
  appId: string
  version: string
  agoraAppId?: string
  /** Agora mode: what the whiteboard SDK joins with (absent: Netless is not configured). */
  netless?: { appIdentifier: string; region: string }
  iceServers?: readonly IceServer[]
  /** Local mode's media engine. */
  media?: 'sfu' | 'mesh'
  /** Local mode: whether live and recording run here, and why not. */
  live?: { available: boolean; why?: string }
  /** Both modes: whether cloud recording runs here, and why not. */
  recording?: { available: boolean; why?: string }
}> = async (app, config) => {
  app.get('/api/config', { schema: { response: { 200: Answer(ClientConfigSchema) } } }, async () =>
    ok(
      config.agoraAppId
        ? {
            mode: 'agora' as const,
            appId: config.appId,
            version: config.version,
            agoraAppId: config.agoraAppId,
            ...(config.netless ? { netless: config.netless } : {}),
            ...(config.recording ? { recording: config.recording } : {}),
          }
        : {
            mode: 'local' as const,
            appId: config.appId,
            version: config.version,
            ...(config.iceServers ? { iceServers: [...config.iceServers] } : {}),
            media: config.media ?? 'mesh',
            ...(config.live ? { live: config.live } : {}),
            ...(config.recording ? { recording: config.recording } : {}),
          },
    ),
  )
}
