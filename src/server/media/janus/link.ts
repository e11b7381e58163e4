import Janode, { type Connection, type Session } from 'janode'
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom'
import type { Subscription } from 'rxjs'
import { BehaviorSubject, type Observable } from 'rxjs'
import { withTimeout } from './probe'
import type { JanusEndpoint, SupervisorLog } from './supervisor'

/** A link's state: down, or up with the Janus session every handle is attached under. */
export type LinkState =
  | { readonly up: false; readonly generation: number }
  | { readonly up: true; readonly generation: number; readonly session: Session }

/** How long a Janus request may take before the caller gives up on it. */
export const REQUEST_TIMEOUT_MS = 10_000

/**
 * Our server's connection to one Janus server over janode: one WebSocket and one Janus session,
 * opened whenever an endpoint is given and opened again (with backoff) after it drops. Every new
 * session bumps `generation`: handles of an older one are gone with it.
 */
export class JanusLink {
  private readonly state = new BehaviorSubject<LinkState>({ up: false, generation: 0 })
  readonly state$: Observable<LinkState> = this.state.asObservable()
  private readonly subscription: Subscription
  private connection: Connection | undefined
  private retry: ReturnType<typeof setTimeout> | undefined
  private endpoint: JanusEndpoint | null = null
  private attempts = 0
  private closed = false

  constructor(
    endpoint$: Observable<JanusEndpoint | null>,
    private readonly log: SupervisorLog,
    /** A name for logs (the server's index among JANUS_URL, or 'local'). */
    readonly name: string,
  ) {
    this.subscription = endpoint$.subscribe((endpoint) => {
      this.endpoint = endpoint
      this.attempts = 0
      this.drop()
      if (endpoint) void this.open(endpoint)
    })
  }

  get current(): LinkState {
    return this.state.getValue()
  }

  get up(): boolean {
    return this.current.up
  }

  /** A new VideoRoom handle in the current session; rejects while the link is down. */
  async attach(): Promise<{ handle: VideoRoomHandle; generation: number }> {
    const state = this.current
    if (!state.up) throw new Error('the media server is unavailable')
    const handle = await withTimeout(
      state.session.attach(VideoRoomPlugin),
      REQUEST_TIMEOUT_MS,
      'attaching to the VideoRoom',
    )
    return { handle, generation: state.generation }
  }

  async close(): Promise<void> {
    this.closed = true
    this.subscription.unsubscribe()
    this.drop()
  }

  private async open(endpoint: JanusEndpoint): Promise<void> {
    try {
      const connection = await withTimeout(
        Janode.connect({
          address: { url: endpoint.url, apisecret: endpoint.apiSecret, token: endpoint.token },
          max_retries: 0,
          retry_time_secs: 1,
        }),
        REQUEST_TIMEOUT_MS,
        'connecting to Janus',
      )
      if (this.endpoint !== endpoint || this.closed) {
        await connection.close().catch(() => undefined)
        return
      }
      this.connection = connection
      const session = await withTimeout(connection.create(20), REQUEST_TIMEOUT_MS, 'Janus session')
      const lost = (why: string) => {
        if (this.connection !== connection) return
        this.log.warn(`janus ${this.name}: ${why}`)
        this.drop()
        this.again(endpoint)
      }
      connection.once(Janode.EVENT.CONNECTION_CLOSED, () => lost('connection closed'))
      connection.on(Janode.EVENT.CONNECTION_ERROR, (error: Error) =>
        lost(`connection error (${error.message})`),
      )
      session.once(Janode.EVENT.SESSION_DESTROYED, () => lost('session destroyed'))
      this.attempts = 0
      this.state.next({ up: true, generation: this.current.generation + 1, session })
    } catch (error) {
      this.log.warn(`janus ${this.name}: cannot connect (${(error as Error).message})`)
      this.drop()
      this.again(endpoint)
    }
  }

  /** Tries again after 0.5 s, 1 s, 2 s … 10 s, while this endpoint is still the one to use. */
  private again(endpoint: JanusEndpoint): void {
    if (this.closed || this.endpoint !== endpoint) return
    const delay = Math.min(10_000, 500 * 2 ** this.attempts++)
    this.retry = setTimeout(() => {
      if (this.endpoint === endpoint && !this.closed) void this.open(endpoint)
    }, delay)
  }

  private drop(): void {
    if (this.retry) clearTimeout(this.retry)
    this.retry = undefined
    const connection = this.connection
    this.connection = undefined
    if (connection) {
      connection.removeAllListeners()
      connection.on(Janode.EVENT.CONNECTION_ERROR, () => undefined)
      void connection.close().catch(() => undefined)
    }
    if (this.current.up) this.state.next({ up: false, generation: this.current.generation })
  }
}
