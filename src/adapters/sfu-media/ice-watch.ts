/** How long a connection may stay `disconnected` before it is restarted (it often recovers). */
const DISCONNECTED_GRACE_MS = 3000
/** Restarts are at least this far apart (one network change fires several signals). */
const MIN_INTERVAL_MS = 2000

type NetworkInformationLike = EventTarget

/**
 * When to restart ICE: a connection whose ICE failed, one disconnected for a few seconds, and
 * every network change the browser reports (`online`, the Network Information API's `change`).
 */
export class IceWatch {
  private graceTimer: ReturnType<typeof setTimeout> | undefined
  private lastRestart = 0
  private running = false
  private readonly onNetwork = () => this.restart()

  constructor(private readonly restartAll: () => void) {}

  start(): void {
    if (this.running) return
    this.running = true
    globalThis.addEventListener?.('online', this.onNetwork)
    this.connection()?.addEventListener('change', this.onNetwork)
  }

  stop(): void {
    this.running = false
    globalThis.removeEventListener?.('online', this.onNetwork)
    this.connection()?.removeEventListener('change', this.onNetwork)
    if (this.graceTimer) clearTimeout(this.graceTimer)
    this.graceTimer = undefined
  }

  /** A connection's ICE state changed. */
  state(state: RTCIceConnectionState): void {
    if (!this.running) return
    if (state === 'failed') return this.restart()
    if (state === 'disconnected') {
      this.graceTimer ??= setTimeout(() => {
        this.graceTimer = undefined
        this.restart()
      }, DISCONNECTED_GRACE_MS)
      return
    }
    if (state === 'connected' || state === 'completed') {
      if (this.graceTimer) clearTimeout(this.graceTimer)
      this.graceTimer = undefined
    }
  }

  private restart(): void {
    if (!this.running) return
    const now = Date.now()
    if (now - this.lastRestart < MIN_INTERVAL_MS) return
    this.lastRestart = now
    this.restartAll()
  }

  private connection(): NetworkInformationLike | undefined {
    const nav = globalThis.navigator as (Navigator & { connection?: EventTarget }) | undefined
    return nav?.connection
  }
}
