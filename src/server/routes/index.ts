import type { FastifyPluginAsync } from 'fastify'
import type { LoginKeys } from '../auth/login-keys'
import type { SessionStore } from '../auth/identity'
import type { SmsSender } from '../auth/sms'
import type { AdmissionQueue } from '../rooms/admission'
import { authRoutes } from './auth'
import { broadcastRoutes } from './broadcast'
import { cardRoutes } from './cards'
import { fileRoutes } from './files'
import { goodsRoutes } from './goods'
import { inputRoutes } from './inputs'
import { liveRoutes } from './live'
import { luckyMoneyRoutes } from './lucky-money'
import type { RouteOptions } from './options'
import { projectionRoutes } from './projection'
import { questionRoutes } from './question'
import { recordingRoutes } from './recording'
import { reportRoutes } from './report'
import { roomRoutes } from './room'
import { roomUserRoutes } from './room-users'
import { sceneRoutes } from './scene'
import { sceneV1Routes } from './scene-v1'
import { signInRoutes } from './sign-in'
import { stageRoutes } from './stage'

export interface ApiOptions extends RouteOptions {
  /** The entry queue of the room service. */
  readonly admission: AdmissionQueue
  readonly auth: { sessions: SessionStore; keys: LoginKeys; sms: SmsSender }
}

/**
 * The REST API of spec §7 (docs/rest.md) and the live and recording files: one plugin per
 * service area, each registering its routes from the route tables (http/register.ts).
 */
export const apiRoutes: FastifyPluginAsync<ApiOptions> = async (
  app,
  { deps, register, ...more },
) => {
  const options = { deps, register }
  await app.register(roomRoutes, { ...options, admission: more.admission })
  await app.register(roomUserRoutes, options)
  await app.register(liveRoutes, options)
  await app.register(inputRoutes, options)
  await app.register(questionRoutes, options)
  await app.register(sceneRoutes, options)
  await app.register(sceneV1Routes, options)
  await app.register(projectionRoutes, options)
  await app.register(fileRoutes, options)
  await app.register(recordingRoutes, options)
  await app.register(reportRoutes, options)
  await app.register(luckyMoneyRoutes, options)
  await app.register(signInRoutes, options)
  await app.register(goodsRoutes, options)
  await app.register(authRoutes, { ...options, auth: more.auth })
  await app.register(broadcastRoutes, options)
  await app.register(stageRoutes, options)
  // Agora mode with PUBLIC_URL: the pictures of names and the paused slate Agora's cloud fetches.
  if (deps.live.cardsUrl) await app.register(cardRoutes)
}
