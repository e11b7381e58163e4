import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance } from 'fastify'
import { createSessions } from './auth/identity'
import { loadLoginKeys } from './auth/login-keys'
import { agoraMediaTokens, localMediaTokens } from './auth/media-tokens'
import { createRoomKeys } from './auth/room-keys'
import { loadSecret } from './auth/secrets'
import { createSmsSender } from './auth/sms'
import { createTokens } from './auth/tokens'
import { registerBoard } from './board'
import { boardEngineOf, netlessClientConfig } from './agora/netless'
import { pageImageOf } from './store/board-files'
import { DEFAULT_SETTINGS, type ServerConfig, type Settings } from './config'
import type { Deps } from './deps'
import { installNotFound } from './http/errors'
import { installHttp } from './http/plugins'
import { refusalOptions } from './http/refusals'
import type { RegisterOptions } from './http/register'
import { startJobs } from './jobs'
import { openBroadcastEngines } from './media/engines'
import { MediaPlane } from './media/plane'
import { SfuService } from './media/sfu/service'
import { ChannelHistory, startPruning } from './realtime/history'
import { LocalBus, type Bus } from './realtime/bus'
import { Hub } from './realtime/hub'
import { RedisBus } from './realtime/redis-bus'
import { SharedHub } from './realtime/shared'
import { dbRoster, RosterCache } from './realtime/roster'
import { serveRealtime } from './realtime/endpoint'
import { AdmissionQueue } from './rooms/admission'
import { createAnnouncer, tapAnnouncer } from './rooms/announce'
import { Ingest } from './rooms/inputs'
import { CrowdArrivals } from './rooms/crowd'
import { Seating } from './rooms/seating'
import { endRoomBroadcasts, resumeLives } from './rooms/live-state'
import { recoverCloudRecordings } from './rooms/recordings'
import { configRoutes } from './routes/config'
import { healthRoutes } from './routes/health'
import { apiRoutes } from './routes'
import { openDb, type Db } from './store/db'
import { watchRosterWrites } from './store/roster-writes'
import { openFileStore } from './store/files'
import type { Timer } from './agora/cloud-recording-nudge'
import { migrate } from './store/migrations'
import { renewPresence } from './store/presence'

export interface App {
  readonly fastify: FastifyInstance
  readonly db: Db
  readonly hub: Hub
  /** The realtime service across processes (REDIS_URL), or this process's alone. */
  readonly shared: SharedHub
  readonly deps: Deps
  /** The media engine (Janus SFU or peer-to-peer mesh) and our links to Janus. */
  readonly media: MediaPlane
  close(): Promise<void>
}

export interface BuildOptions extends Partial<Omit<ServerConfig, 'settings'>> {
  /** An in-memory database and a temporary file store (tests). */
  readonly memory?: boolean
  readonly logger?: boolean
  readonly now?: () => number
  readonly settings?: Partial<Settings>
  /** Where console SMS delivery writes (tests capture it). */
  readonly smsOut?: (line: string) => void
  /** Schedules the cloud recording's prompt layout updates (tests fire them themselves). */
  readonly timer?: Timer
}

/** The server log as the services take it: one message a line. */
const textLog = (fastify: FastifyInstance) => ({
  info: (m: string) => fastify.log.info(m),
  warn: (m: string) => fastify.log.warn(m),
  error: (m: string) => fastify.log.error(m),
})

/** Builds the whole server: database, REST API, realtime service and the built client. */
export async function buildApp(options: BuildOptions = {}): Promise<App> {
  const now = options.now ?? Date.now
  const appId = options.appId ?? 'roomcast'
  const settings: Settings = { ...DEFAULT_SETTINGS, ...options.settings }
  // Every statement that may change the realtime roster is told to its cache (RosterCache).
  const rosterCache = new RosterCache(now)
  const db = watchRosterWrites(await openDb(options), rosterCache)
  await migrate(db)
  const secret = await loadSecret(db, process.env.ROOMCAST_SECRET)
  const tokens = createTokens(secret, now)
  const agora = settings.agoraAppId && settings.agoraAppCertificate
  const media = agora
    ? agoraMediaTokens(settings.agoraAppId!, settings.agoraAppCertificate!)
    : localMediaTokens(tokens, appId)
  const hub = new Hub()
  const history = new ChannelHistory(db, now)
  const fastify = Fastify({
    logger: options.logger === false ? false : { level: options.logLevel ?? 'info' },
    bodyLimit: 1024 * 1024,
    trustProxy: settings.trustProxy,
    ...refusalOptions,
  })
  const log = textLog(fastify)
  let sfu: SfuService | undefined
  const engines = openBroadcastEngines({
    agora: Boolean(agora),
    settings,
    db,
    log,
    secret,
    now,
    dataDir: options.memory ? undefined : options.dataDir || undefined,
    timer: options.timer,
  })
  const { broadcasts, live } = engines
  const ingest = new Ingest()
  const bus: Bus = options.redisUrl
    ? new RedisBus({ url: options.redisUrl, prefix: options.redisPrefix, log })
    : new LocalBus()
  if (bus instanceof RedisBus && !(await bus.start()))
    fastify.log.error('redis is unreachable at start: this process serves its own members alone')
  const shared = new SharedHub(hub, bus)
  const roster = rosterCache.serve(dbRoster(db), bus)
  // The recording engine hears the announcements once the deps it works with are built.
  const built: { deps?: Deps } = {}
  // What the server announces reaches the SFU and the ingest too, which enforce it there ([HOST-6]).
  const announce = tapAnnouncer(createAnnouncer(shared, now), (channel, cmd, data) => {
    sfu?.announced(channel, cmd, data)
    ingest.announced(channel, cmd, data)
    if (built.deps) engines.recording.announced?.(built.deps, channel, cmd)
  })
  const crowd = new CrowdArrivals({ db, announce, log })
  const deps: Deps = {
    broadcasts,
    live,
    recording: engines.recording,
    ingest,
    db,
    hub,
    shared,
    tokens,
    media,
    board: boardEngineOf({ agora: Boolean(agora), db, tokens, settings, log: fastify.log }),
    announce,
    roomKeys: createRoomKeys(secret),
    crowd,
    seating: new Seating({ db, settings, now }),
    files: await openFileStore(options.memory ? undefined : options.dataDir),
    appId,
    now,
    settings,
    log: fastify.log,
  }

  built.deps = deps

  const plane = await MediaPlane.start({
    media: agora ? 'mesh' : settings.media,
    janusUrls: settings.janusUrls,
    janusApiSecret: settings.janusApiSecret,
    janusToken: settings.janusToken,
    dataDir: options.memory ? undefined : options.dataDir,
    secret,
    log,
  })

  if (plane.sfu)
    sfu = new SfuService({
      db,
      tokens,
      plane,
      log,
      publishers: settings.sfuPublishers,
      // Over several processes a REST call served elsewhere announces what the SFU here enforces.
      watch: (channel, heard) => shared.watchAnnouncements(channel, heard),
    })
  broadcasts.usePlane(plane)
  await ingest.start(deps, plane, broadcasts.ffmpegInstall, {
    host: settings.rtmpHost,
    port: settings.rtmpPort,
  })

  await installHttp(fastify, { appId, maxUploadBytes: settings.maxUploadBytes })
  // The SFU signalling (docs/media.md): only when the SFU runs.
  if (sfu) {
    const service = sfu
    fastify.get('/sfu', { websocket: true }, (socket) => service.serve(socket))
  }
  const guard = serveRealtime(fastify, settings.rtm, {
    db,
    hub,
    shared,
    bus,
    tokens,
    history,
    roster,
    now,
  })

  const sessions = createSessions({
    db,
    tokens,
    now,
    allowVisitors: settings.allowVisitors,
    secureCookies: settings.secureCookies,
  })
  const register: RegisterOptions = { sessions }
  const admission = new AdmissionQueue({
    concurrency: settings.admissionConcurrency,
    maxWaiting: settings.admissionQueue,
    tokens,
    now,
  })
  // The caller's identity, read before validation on every REST route (http/register.ts).
  fastify.decorateRequest('identity', null)
  await fastify.register(configRoutes, {
    appId,
    version: options.version ?? '0.1.0',
    agoraAppId: agora ? settings.agoraAppId : undefined,
    netless: agora ? netlessClientConfig(settings.netless) : undefined,
    iceServers: settings.iceServers,
    media: plane.sfu ? 'sfu' : 'mesh',
    live: live.availability.available
      ? { available: true }
      : { available: false, why: live.availability.why },
    recording: { ...deps.recording.availability },
  })
  await fastify.register(healthRoutes, {
    bus: () => bus.status(),
    sessions: () => hub.onlineUids().length,
  })
  await fastify.register(apiRoutes, {
    deps,
    register,
    admission,
    auth: {
      sessions,
      keys: await loadLoginKeys(db),
      sms: createSmsSender(settings, options.smsOut),
    },
  })
  const boards = await registerBoard(fastify, { db, tokens, now, appId, topics: bus.topics })
  broadcasts.useBoards(async (boardId) => {
    const board = await boards.open(boardId)
    return {
      doc: board.doc,
      awareness: board.awareness,
      release: () => boards.release(board),
      pageImage: (src) => pageImageOf(db, boardId, src),
    }
  })

  const staticDir = options.staticDir
  const spa = Boolean(staticDir && existsSync(join(staticDir, 'index.html')))
  if (staticDir && spa) await fastify.register(fastifyStatic, { root: staticDir, wildcard: false })
  installNotFound(fastify, spa)
  // The grace of members present before a crash or restart starts again now ([KICK-2]).
  await renewPresence(db, now())
  const jobs = startJobs(deps)
  const pruning = startPruning(history, (err) => fastify.log.warn({ err }, 'history prune failed'))
  // Broadcasts a previous run left: recordings finished from what reached the disk, lives resumed.
  broadcasts.onRoomEnded = (roomId) =>
    void endRoomBroadcasts(deps, roomId).catch((e: Error) =>
      fastify.log.error(`ending the broadcasts of room ${roomId}: ${e.message}`),
    )
  void recoverCloudRecordings(deps)
    .then(() => resumeLives(deps))
    .catch((e: Error) => fastify.log.error(`resuming broadcasts: ${e.message}`))

  return {
    fastify,
    db,
    hub,
    shared,
    deps,
    media: plane,
    async close() {
      jobs.stop()
      guard.stop()
      pruning.stop()
      crowd.close()
      await fastify.close()
      await ingest.close()
      await sfu?.close()
      await engines.close()
      await plane.stop()
      hub.close()
      rosterCache.close()
      await bus.close()
      await db.close()
      await deps.files.close()
    },
  }
}
