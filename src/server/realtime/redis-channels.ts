import type { RelayListener } from './relay'
import { SEP, type RedisLink } from './redis-link'

/** How often at most a process tells the others that a channel's count changed. */
const COUNT_SIGNAL_MS = 1000
/** How long a join waits at most for this process to hear its channel from the others. */
const LISTEN_WAIT_MS = 2000

/**
 * The topic relay of the Redis bus: one pub/sub topic per channel, listened to while this
 * process has members (or watchers) in it, and one topic for all (`g`: logins, frames for given
 * uids). Passes what the other processes publish on to the hub's listener.
 */
export class RedisChannels {
  private listener: RelayListener | undefined
  /** Local members (and watchers) per channel: its topic is listened to while there are some. */
  private readonly localMembers = new Map<string, number>()
  private readonly subscribing = new Map<string, Promise<void>>()
  /** Logins published from here not yet heard back (a later one elsewhere wins: see onGlobal). */
  private readonly pendingLogins = new Map<string, number>()
  private readonly countSignals = new Map<string, { timer: NodeJS.Timeout; again: boolean }>()

  constructor(private readonly link: RedisLink) {}

  attach(listener: RelayListener): void {
    this.listener = listener
  }

  /** The topic of a channel's frames and signals. */
  topic(channel: string): string {
    return this.link.key(`c:${channel}`)
  }

  /** One more reason (a member here, a watcher) to listen to a channel; the first listens. */
  hold(channel: string): void {
    const n = (this.localMembers.get(channel) ?? 0) + 1
    this.localMembers.set(channel, n)
    if (n === 1) this.listen(channel)
  }

  release(channel: string): void {
    const n = (this.localMembers.get(channel) ?? 1) - 1
    if (n > 0) return void this.localMembers.set(channel, n)
    this.localMembers.delete(channel)
    this.subscribing.delete(channel)
    void this.link.sub.unsubscribe(this.topic(channel)).catch(() => undefined)
  }

  listening(channel: string): Promise<void> {
    const subscribed = this.subscribing.get(channel)
    if (this.link.isDown() || !subscribed) return Promise.resolve()
    // A join is answered within LISTEN_WAIT_MS even when Redis goes away meanwhile.
    return Promise.race([
      subscribed,
      new Promise<void>((resolve) => setTimeout(resolve, LISTEN_WAIT_MS).unref()),
    ])
  }

  /** A login published from here, to be heard back (see onGlobal). */
  loginSent(uid: string): void {
    this.pendingLogins.set(uid, (this.pendingLogins.get(uid) ?? 0) + 1)
  }

  /** Redis went away: logins published before will not be heard back. */
  lost(): void {
    this.pendingLogins.clear()
  }

  /** A channel's count is due elsewhere: told at once, then at most once a second. */
  signalCount(channel: string): void {
    const pending = this.countSignals.get(channel)
    if (pending) {
      pending.again = true
      return
    }
    this.link.publish(this.topic(channel), 'C')
    const timer = setTimeout(() => {
      const state = this.countSignals.get(channel)
      this.countSignals.delete(channel)
      if (state?.again) this.signalCount(channel)
    }, COUNT_SIGNAL_MS)
    timer.unref()
    this.countSignals.set(channel, { timer, again: false })
  }

  /** After an outage: every channel held here is counted again, here and elsewhere. */
  recount(): void {
    for (const channel of this.localMembers.keys()) {
      this.signalCount(channel)
      this.listener?.countChanged(channel)
    }
  }

  close(): void {
    for (const { timer } of this.countSignals.values()) clearTimeout(timer)
  }

  onMessage(topic: string, message: string): void {
    const cut = message.indexOf(SEP)
    if (cut < 0 || !this.listener) return
    const from = message.slice(0, cut)
    const kind = message[cut + 1]
    const body = message.slice(cut + 2)
    if (topic === this.link.key('g')) return this.onGlobal(from, kind, body)
    const channel = topic.slice(this.link.prefix.length + 2)
    if (from === this.link.proc) return
    if (kind === 'F') this.listener.channelFrame(channel, body)
    else if (kind === 'C') this.listener.countChanged(channel)
    else if (kind === 'R') this.listener.removeFromChannel(body, channel)
  }

  private listen(channel: string): void {
    const subscribed = this.link.sub.subscribe(this.topic(channel)).then(
      () => undefined,
      () => undefined,
    )
    this.subscribing.set(channel, subscribed)
  }

  private onGlobal(from: string, kind: string | undefined, body: string): void {
    if (kind === 'L') {
      if (from === this.link.proc) {
        const n = (this.pendingLogins.get(body) ?? 1) - 1
        if (n > 0) this.pendingLogins.set(body, n)
        else this.pendingLogins.delete(body)
        return
      }
      // Every process hears the logins in one order: while ours of this uid is not heard back,
      // the other one came first and ours wins (its process closes its own session on ours).
      if (!this.pendingLogins.has(body)) this.listener!.loggedInElsewhere(body)
      return
    }
    if (kind === 'T' && from !== this.link.proc) {
      const { u, c, f } = JSON.parse(body) as { u: string[]; c?: string; f: string }
      this.listener!.toUids(u, f, c)
    }
  }
}
