import type { WebSocket } from 'ws'
import { CloseCode } from '@streams/wire/realtime'
import type { RealtimeLimits } from '../config'

/** What the guard says of one admitted connection. */
export interface Admission {
  /** A login as this account: false when the account holds its most connections already. */
  loggedIn(userId: string): boolean
}

interface Tracked {
  readonly socket: WebSocket
  readonly address: string
  alive: boolean
  userId?: string
  loginTimer?: ReturnType<typeof setTimeout>
}

/**
 * Guards the realtime service's connections (docs/realtime.md): at most `maxPerAddress` open
 * from one client address, at most `maxPerUser` logged in as one account (0: no cap); a
 * connection not logged in within `loginTimeoutMs` is closed (4408); and every `heartbeatMs` a
 * ws ping goes out, and a connection that did not answer the previous one (a dead peer, a
 * half-open TCP connection) is terminated.
 */
export class ConnectionGuard {
  private readonly tracked = new Set<Tracked>()
  private readonly byAddress = new Map<string, number>()
  private readonly byUser = new Map<string, number>()
  private readonly heartbeat: ReturnType<typeof setInterval> | undefined

  constructor(private readonly limits: RealtimeLimits) {
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
    const left = (this.byAddress.get(entry.address) ?? 1) - 1
    if (left > 0) this.byAddress.set(entry.address, left)
    else this.byAddress.delete(entry.address)
  }
}
