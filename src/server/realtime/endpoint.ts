import type { FastifyInstance } from 'fastify'
import type { Db } from '../store/db'
import { touchMembers } from '../store/members'
import { releaseUpgrade } from '../http/upgrade'
import type { Bus } from './bus'
import { ConnectionGuard } from './guard'
import type { ChannelHistory } from './history'
import type { Hub } from './hub'
import type { Roster } from './roster'
import type { SharedHub } from './shared'
import { serveSocket, type SocketDeps } from './socket'
import { touchBatcher } from './touch'
import type { RealtimeLimits } from '../config'
import type { Tokens } from '../auth/tokens'

export interface RealtimeEndpointOptions {
  readonly db: Db
  readonly hub: Hub
  readonly shared: SharedHub
  readonly bus: Bus
  readonly tokens: Tokens
  readonly history: ChannelHistory
  readonly roster: Roster
  readonly now: () => number
}

/**
 * The realtime service's WebSocket endpoint (/rtm, docs/realtime.md): every connection passes the
 * guard's caps, then is served with one shared set of dependencies. Answers the guard (stopped
 * when the server closes).
 */
export function serveRealtime(
  fastify: FastifyInstance,
  limits: RealtimeLimits,
  o: RealtimeEndpointOptions,
): ConnectionGuard {
  const { db, now } = o
  // A crowd's logins are marked seen in one statement per turn, not one each.
  const logins = touchBatcher((uids) => touchMembers(db, uids, now()))
  const guard = new ConnectionGuard(limits, o.bus.caps)
  // One object for every connection (a connection holds what is its own only).
  const rtm: SocketDeps = {
    hub: o.hub,
    shared: o.shared,
    tokens: o.tokens,
    log: fastify.log,
    onLogin: (uid) => logins.touch(uid),
    history: o.history,
    roster: o.roster,
  }
  fastify.get('/rtm', { websocket: true }, (socket, request) => {
    const admission = guard.admit(socket, request.ip)
    if (!admission) return
    releaseUpgrade(socket)
    serveSocket(socket, rtm, admission)
  })
  return guard
}
