import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { BusStatus } from '../realtime/bus'

const BusSchema = Type.Object({
  kind: Type.Union([Type.Literal('local'), Type.Literal('redis')]),
  connected: Type.Boolean(),
  downSince: Type.Optional(Type.Number()),
  error: Type.Optional(Type.String()),
})

export const HealthSchema = Type.Object({
  /** `degraded`: this process serves its own members, but messages no longer cross processes. */
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  /** This process, as the logs name it. */
  pid: Type.Integer(),
  realtime: Type.Object({
    bus: BusSchema,
    /** Realtime connections logged in on this process. */
    sessions: Type.Integer(),
  }),
})

/**
 * GET /api/health: for a load balancer and an operator. Always 200 while the process serves
 * (a process whose Redis is away still serves its own members); `status` tells the rest.
 */
export const healthRoutes: FastifyPluginAsync<{ bus(): BusStatus; sessions(): number }> = async (
  app,
  probe,
) => {
  app.get('/api/health', { schema: { response: { 200: HealthSchema } } }, async () => {
    const bus = probe.bus()
    return {
      status: bus.connected ? ('ok' as const) : ('degraded' as const),
      pid: process.pid,
      realtime: { bus, sessions: probe.sessions() },
    }
  })
}
