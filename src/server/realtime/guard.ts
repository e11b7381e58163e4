import type { WebSocket } from 'ws'
import { CloseCode } from '@streams/wire/realtime'
import type { RealtimeLimits } from '../config'
import type { SharedCaps } from './bus'

/** What the guard says of one admitted connection. */
export interface Admission {
  /** A login as this account: false when the account holds its most connections already. */
  loggedIn(userId: string): boolean
  /**
   * The other processes' word, with several (the caps count every process's connections): the
   * connection is served once `admitted` is true (false: the guard closed it, 4429), and a login
   * passed by `loggedIn` completes once `loggedInEverywhere` is true.
   */
  readonly shared?: {
    readonly admitted: Promise<boolean>
    loggedInEverywhere(userId: string): Promise<boolean>
  }
}

/** A place taken in the shared caps, given back when the connection goes. */
interface Place {
  readonly key: string
  readonly taken: Promise<boolean | undefined>
}

/**
 * A heartbeat round is spread over this many ticks of the interval: a crowd's pings, and the
 * pongs they bring back, never come all at once (10,000 of them would hold the event loop, and
 * every broadcast behind it, for tens of ms).
 */
export const HEARTBEAT_SLICES = 20
/** Ping times are counted from here: a small integer an entry holds, not a boxed double. */
const EPOCH = Date.now()

/** Where a socket keeps its guard entry (its listeners are shared functions, not closures). */
const TRACKED = Symbol('tracked')
type Guarded = WebSocket & { [TRACKED]?: Tracked }

/**
 * One admitted connection. A class with methods and shared listeners rather than closures: an
 * idle connection costs the few fields below (docs/realtime.md "Memory").
 */
class Tracked implements Admission {
  /** The bytes the connection had read at the last ping (-1: none sent yet). */
  readAtPing = -1
  /** When the last ping went (ms since EPOCH). */
  pingedAt = 0
  userId: string | undefined = undefined
  /** Cleared and let go at the login. */
  loginTimer: ReturnType<typeof setTimeout> | undefined = undefined
  addressPlace: Place | undefined = undefined
  userPlace: Place | undefined = undefined
  shared: Admission['shared'] = undefined

  constructor(
    readonly guard: ConnectionGuard,
    readonly socket: WebSocket,
    readonly address: string,
  ) {}

  loggedIn(userId: string): boolean {
    return this.guard.loggedIn(this, userId)
  }
}

function forgetClosed(this: Guarded): void {
  const entry = this[TRACKED]
  this[TRACKED] = undefined
  entry?.guard.forget(entry)
}

function bytesRead(socket: WebSocket): number {
  return (socket as unknown as { _socket?: { bytesRead?: number } })._socket?.bytesRead ?? 0
}

function closeLate(socket: WebSocket): void {
  socket.close(CloseCode.loginTimeout, 'not logged in in time')
}

/**
 * Guards the realtime service's connections (docs/realtime.md): at most `maxPerAddress` open
 * from one client address, at most `maxPerUser` logged in as one account (0: no cap); a
 * connection not logged in within `loginTimeoutMs` is closed (4408); and every `heartbeatMs` a
 * ws ping goes out, and a connection that did not answer the previous one (a dead peer, a
 * half-open TCP connection) is terminated. With several processes (`caps`), the caps count the
 * connections of every process.
 */
export class ConnectionGuard {
  private readonly tracked = new Set<Tracked>()
  private readonly byAddress = new Map<string, number>()
  private readonly byUser = new Map<string, number>()
  private readonly heartbeat: ReturnType<typeof setInterval> | undefined
  /** The heartbeat's tick in its round, the round's walk over the connections, and its pace. */
  private tick = 0
  private round: Iterator<Tracked> | undefined = undefined
  private perTick = 0

  constructor(
    private readonly limits: RealtimeLimits,
    private readonly caps?: SharedCaps,
  ) {
    if (limits.heartbeatMs > 0) {
      const tickMs = Math.max(1, Math.round(limits.heartbeatMs / HEARTBEAT_SLICES))
      this.heartbeat = setInterval(() => this.beat(), tickMs)
      this.heartbeat.unref?.()
    }
  }

  /** Admits a new connection, or closes it (4429) when its address holds its most already. */
  admit(socket: WebSocket, address: string): Admission | null {
    const fromAddress = this.byAddress.get(address) ?? 0
    if (this.limits.maxPerAddress > 0 && fromAddress >= this.limits.maxPerAddress) {
      socket.close(CloseCode.tooManyConnections, 'too many connections from this address')
      return null
    }
    this.byAddress.set(address, fromAddress + 1)
    const entry = new Tracked(this, socket, address)
    this.tracked.add(entry)
    if (this.limits.loginTimeoutMs > 0) {
      entry.loginTimer = setTimeout(closeLate, this.limits.loginTimeoutMs, socket)
      entry.loginTimer.unref?.()
    }
    ;(socket as Guarded)[TRACKED] = entry
    socket.on('close', forgetClosed)
    if (this.caps) entry.shared = this.sharedAdmission(entry)
    return entry
  }

  /** A login as this account on the connection: false when the account is at its cap. */
  loggedIn(entry: Tracked, userId: string): boolean {
    if (entry.userId === userId) return true
    const held = this.byUser.get(userId) ?? 0
    if (this.limits.maxPerUser > 0 && held >= this.limits.maxPerUser) return false
    this.release(entry)
    entry.userId = userId
    this.byUser.set(userId, held + 1)
    clearTimeout(entry.loginTimer)
    entry.loginTimer = undefined
    return true
  }

  stop(): void {
    clearInterval(this.heartbeat)
    for (const entry of this.tracked) clearTimeout(entry.loginTimer)
  }

  /**
   * A peer is alive when it sent anything since the last ping (its pong, a frame): the count of
   * bytes its TCP socket read tells, so no connection needs a `pong` listener of its own. Each
   * tick takes its share of the connections there were when the round began (a round lasts
   * `heartbeatMs`); one pinged less than half an interval ago (it came late in the last round) is
   * left for the next, so no peer is judged sooner than that after its ping.
   */
  private beat(): void {
    if (this.tick === 0) {
      this.round = this.tracked.values()
      this.perTick = Math.ceil(this.tracked.size / HEARTBEAT_SLICES)
    }
    this.tick = (this.tick + 1) % HEARTBEAT_SLICES
    const now = (Date.now() - EPOCH) | 0
    for (let i = 0; i < this.perTick; i++) {
      const next = this.round!.next()
      if (next.done) break
      const entry = next.value
      if (entry.readAtPing >= 0 && now - entry.pingedAt < this.limits.heartbeatMs / 2) continue
      const read = bytesRead(entry.socket)
      if (read === entry.readAtPing) {
        entry.socket.terminate()
        continue
      }
      entry.readAtPing = read
      entry.pingedAt = now
      try {
        entry.socket.ping()
      } catch {
        entry.socket.terminate()
      }
    }
  }

  /** The caps across processes: the address's place at once, the account's at each login. */
  private sharedAdmission(entry: Tracked): NonNullable<Admission['shared']> {
    const { maxPerAddress, maxPerUser } = this.limits
    entry.addressPlace =
      maxPerAddress > 0 ? this.take(`a:${entry.address}`, maxPerAddress) : undefined
    const admitted = (entry.addressPlace?.taken ?? Promise.resolve(true)).then((won) => {
      if (won !== false) return true
      entry.socket.close(CloseCode.tooManyConnections, 'too many connections from this address')
      return false
    })
    return {
      admitted,
      loggedInEverywhere: async (userId) => {
        if (maxPerUser <= 0) return true
        if (entry.userPlace?.key !== `u:${userId}`) {
          this.giveBack(entry.userPlace)
          entry.userPlace = this.take(`u:${userId}`, maxPerUser)
        }
        return (await entry.userPlace.taken) !== false
      },
    }
  }

  private take(key: string, max: number): Place {
    return { key, taken: this.caps!.take(key, max) }
  }

  private giveBack(place: Place | undefined): void {
    if (!place) return
    void place.taken.then((won) => {
      if (won) this.caps?.give(place.key)
    })
  }

  private release(entry: Tracked): void {
    if (entry.userId === undefined) return
    const held = (this.byUser.get(entry.userId) ?? 1) - 1
    if (held > 0) this.byUser.set(entry.userId, held)
    else this.byUser.delete(entry.userId)
    entry.userId = undefined
  }

  /** The connection closed: its places are given back. */
  forget(entry: Tracked): void {
    if (!this.tracked.delete(entry)) return
    clearTimeout(entry.loginTimer)
    entry.loginTimer = undefined
    this.release(entry)
    this.giveBack(entry.addressPlace)
    this.giveBack(entry.userPlace)
    entry.userPlace = undefined
    const left = (this.byAddress.get(entry.address) ?? 1) - 1
    if (left > 0) this.byAddress.set(entry.address, left)
    else this.byAddress.delete(entry.address)
  }
}
