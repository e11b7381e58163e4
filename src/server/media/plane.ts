import { createHash, createHmac } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BehaviorSubject, combineLatest, map, of, type Observable } from 'rxjs'
import { JanusLink } from './janus/link'
import { locateJanus, type JanusInstall } from './janus/locate'
import type { JanusRoomRef } from './janus/protocol'
import { JanusRooms } from './janus/rooms'
import { JanusSupervisor, type SupervisorLog } from './janus/supervisor'

/** Which media engine the deployment asks for (`MEDIA`). */
export type MediaSetting = 'sfu' | 'mesh' | 'auto'

export interface MediaPlaneOptions {
  readonly media: MediaSetting
  /** External Janus servers (`JANUS_URL`, comma-separated WebSocket URLs); none: run our own. */
  readonly janusUrls: readonly string[]
  readonly janusApiSecret?: string
  readonly janusToken?: string
  /** Where our own Janus keeps its config and log; a temporary folder when absent. */
  readonly dataDir?: string
  /** Derives each room's Janus id and secret (the server's signing secret). */
  readonly secret: string
  readonly log: SupervisorLog
  /** How to find Janus (tests point elsewhere). */
  readonly locate?: () => JanusInstall | undefined
}

/** One Janus server a room can be pinned to. */
export interface JanusServer {
  readonly link: JanusLink
  readonly rooms: JanusRooms
}

/** The running engine, as `npm start` prints it and /api/config tells the client. */
export type EngineInfo =
  | { readonly engine: 'mesh'; readonly why: string }
  | { readonly engine: 'sfu'; readonly janus: 'supervised' | 'external'; readonly servers: number }

/**
 * The server's media plane: which engine runs (the Janus SFU or the peer-to-peer mesh), our own
 * Janus when we run it, the links to every Janus server, and which server each room is pinned
 * to. Routes and the realtime service never speak Janus's protocol; the SFU signalling
 * (`src/server/media/sfu/`) goes through here.
 */
export class MediaPlane {
  readonly info: EngineInfo
  readonly servers: readonly JanusServer[]
  /** Our own Janus, when we run it (none with JANUS_URL or the mesh). */
  readonly supervisor: JanusSupervisor | undefined
  private readonly upSubject = new BehaviorSubject<boolean>(false)
  /** Whether every Janus server is reachable now (the SFU's health, for clients). */
  readonly up$: Observable<boolean> = this.upSubject.asObservable()

  static async start(options: MediaPlaneOptions): Promise<MediaPlane> {
    const { media, janusUrls, log } = options
    if (media === 'mesh') return new MediaPlane(options, { engine: 'mesh', why: 'MEDIA=mesh' })
    if (janusUrls.length > 0)
      return new MediaPlane(options, {
        engine: 'sfu',
        janus: 'external',
        servers: janusUrls.length,
      })
    const install = (options.locate ?? locateJanus)()
    if (!install) {
      if (media === 'sfu')
        throw new Error(
          'MEDIA=sfu but Janus is not installed (apt-get install janus, or set JANUS_URL)',
        )
      return new MediaPlane(options, { engine: 'mesh', why: 'Janus is not installed' })
    }
    const dir = options.dataDir
      ? join(options.dataDir, 'janus')
      : mkdtempSync(join(tmpdir(), 'roomcast-janus-'))
    const supervisor = new JanusSupervisor({ install, dir, log })
    try {
      await supervisor.start()
    } catch (error) {
      await supervisor.stop()
      if (media === 'sfu') throw error
      log.error(`janus did not start (${(error as Error).message}); media runs peer to peer`)
      return new MediaPlane(options, { engine: 'mesh', why: 'Janus did not start' })
    }
    return new MediaPlane(options, { engine: 'sfu', janus: 'supervised', servers: 1 }, supervisor)
  }

  private constructor(
    private readonly options: MediaPlaneOptions,
    info: EngineInfo,
    supervisor?: JanusSupervisor,
  ) {
    this.info = info
    this.supervisor = supervisor
    const endpoints: Observable<{ url: string; token?: string; apiSecret?: string } | null>[] =
      info.engine === 'mesh'
        ? []
        : supervisor
          ? [supervisor.state$.pipe(map((s) => (s.kind === 'up' ? s.endpoint : null)))]
          : options.janusUrls.map((url) =>
              of({ url, token: options.janusToken, apiSecret: options.janusApiSecret }),
            )
    this.servers = endpoints.map((endpoint$, i) => {
      const link = new JanusLink(endpoint$, options.log, supervisor ? 'local' : `#${i + 1}`)
      return { link, rooms: new JanusRooms(link) }
    })
    if (this.servers.length > 0)
      combineLatest(this.servers.map((s) => s.link.state$)).subscribe((states) =>
        this.upSubject.next(states.every((s) => s.up)),
      )
  }

  get sfu(): boolean {
    return this.info.engine === 'sfu'
  }

  /** The line `npm start` prints. */
  describe(): string {
    const info = this.info
    if (info.engine === 'mesh') return `media: peer-to-peer mesh (${info.why})`
    return info.janus === 'supervised'
      ? 'media: Janus SFU (started and supervised by this server)'
      : `media: Janus SFU (${info.servers} external server${info.servers > 1 ? 's' : ''}, JANUS_URL)`
  }

  /** The Janus server a room is pinned to: the same for every process of ours (a hash). */
  serverFor(channel: string): JanusServer {
    const servers = this.servers
    if (servers.length === 0) throw new Error('no SFU: media runs peer to peer')
    const digest = createHash('sha256').update(channel).digest()
    return servers[digest.readUInt32BE(0) % servers.length]!
  }

  /** A room's Janus id and secret, derived from our secret: every process agrees, none stores it. */
  roomRef(channel: string): JanusRoomRef {
    const mac = createHmac('sha256', this.options.secret).update(`janus-room:${channel}`).digest()
    // 48 bits: an exact JavaScript number, and Janus's room ids are 64-bit.
    const id = mac.readUIntBE(0, 6) || 1
    return { id, secret: mac.subarray(8, 32).toString('base64url') }
  }

  async stop(): Promise<void> {
    for (const server of this.servers) await server.link.close()
    await this.supervisor?.stop()
    this.upSubject.complete()
  }
}
