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

interface Tracked {
  readonly socket: WebSocket
  readonly address: string
  alive: boolean
  userId?: string
  loginTimer?: ReturnType<typeof setTimeout>
  addressPlace?: Place
  userPlace?: Place
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

  constructor(
    private readonly limits: RealtimeLimits,
    private readonly caps?: SharedCaps,
  ) {
    if (limits.heartbeatMs > 0) {
      this.heartbeat = setInterval(() => this.beat(), limits.heartbeatMs)
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
    const entry: Tracked = { socket, address, alive: true }
    this.tracked.add(entry)
    if (this.limits.loginTimeoutMs > 0) {
      entry.loginTimer = setTimeout(
        () => socket.close(CloseCode.loginTimeout, 'not logged in in time'),
        this.limits.loginTimeoutMs,
      )
      entry.loginTimer.unref?.()
    }
    socket.on('pong', () => (entry.alive = true))
    socket.once('close', () => this.forget(entry))
    return {
      shared: this.caps && this.sharedAdmission(entry),
      loggedIn: (userId) => {
        if (entry.userId === userId) return true
        const held = this.byUser.get(userId) ?? 0
        if (this.limits.maxPerUser > 0 && held >= this.limits.maxPerUser) return false
        this.release(entry)
        entry.userId = userId
        this.byUser.set(userId, held + 1)
        clearTimeout(entry.loginTimer)
        return true
      },
    }
  }

  stop(): void {
    clearInterval(this.heartbeat)
    for (const entry of this.tracked) clearTimeout(entry.loginTimer)
  }

  private beat(): void {
    for (const entry of this.tracked) {
      if (!entry.alive) {
        entry.socket.terminate()
        continue
      }
      entry.alive = false
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

  private forget(entry: Tracked): void {
    if (!this.tracked.delete(entry)) return
    clearTimeout(entry.loginTimer)
    this.release(entry)
    this.giveBack(entry.addressPlace)
    this.giveBack(entry.userPlace)
    entry.userPlace = undefined
    const left = (this.byAddress.get(entry.address) ?? 1) - 1
    if (left > 0) this.byAddress.set(entry.address, left)
    else this.byAddress.delete(entry.address)
  }
}
