import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { Redis } from 'ioredis'
import type { AttributeChange, Bus, BusStatus, HeldSession } from './bus'
import type { RelayListener } from './relay'
import { ATTRIBUTES, JOIN, LEAVE, LOGIN, LOGOUT, REAP } from './redis-scripts'
import { RedisCaps } from './redis-caps'
import { RedisTopics } from './redis-topics'

interface Log {
  info(message: string): void
  error(message: string): void
}

export interface RedisBusOptions {
  readonly url: string
  /** Keys and topics start with it (several deployments on one Redis). */
  readonly prefix?: string
  readonly log: Log
  readonly now?: () => number
  /** How often a process tells it is alive; one silent for 4 beats is taken back. */
  readonly heartbeatMs?: number
}

/** Messages start with the sending process's id and this separator, then a kind letter. */
const SEP = '\u0000'
/** How often at most a process tells the others that a channel's count changed. */
const COUNT_SIGNAL_MS = 1000
/** How long a join waits at most for this process to hear its channel from the others. */
const LISTEN_WAIT_MS = 2000
/** A cutoff later than any heartbeat (a process taking back its own entries as it stops). */
const EVER = 9e15

/**
 * The realtime service's state shared through Redis (docs/server.md "Several processes"):
 * channel fan-out on one pub/sub topic per channel (a process listens to the channels its members
 * are in), logins and frames for given uids on one topic for all, membership, presence and
 * attributes in keys (redis-scripts.ts). Commands are not queued while Redis is away: delivery
 * here goes on, the outage is logged once and shown by `status()`, and when Redis is back this
 * process tells it again what it holds.
 */
export class RedisBus implements Bus {
  readonly kind = 'redis' as const
  private readonly proc = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  private readonly p: string
  private readonly pub: Redis
  private readonly sub: Redis
  readonly topics: RedisTopics
  readonly caps: RedisCaps
  private listener: RelayListener | undefined
  private held: () => HeldSession[] = () => []
  /** Local members (and watchers) per channel: its topic is listened to while there are some. */
  private readonly localMembers = new Map<string, number>()
  private readonly subscribing = new Map<string, Promise<void>>()
  /** Logins published from here not yet heard back (a later one elsewhere wins: see onGlobal). */
  private readonly pendingLogins = new Map<string, number>()
  private readonly countSignals = new Map<string, { timer: NodeJS.Timeout; again: boolean }>()
  private down: { since: number; error: string } | undefined
  private readonly heartbeat: NodeJS.Timeout
  private readonly now: () => number
  private closed = false

  constructor(private readonly options: RedisBusOptions) {
    this.p = options.prefix ?? 'roomcast:'
    this.now = options.now ?? Date.now
    const retry = (times: number) => Math.min(100 * times, 1000)
    const common = { retryStrategy: retry, connectTimeout: 2000, lazyConnect: true }
    this.pub = new Redis(options.url, {
      ...common,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    })
    this.sub = new Redis(options.url, { ...common, autoResubscribe: true })
    this.down = { since: this.now(), error: 'connecting' }
    for (const client of [this.pub, this.sub]) {
      client.on('ready', () => this.changed())
      client.on('close', () => this.changed())
      client.on('error', (error: Error) => {
        if (this.down) this.down = { ...this.down, error: error.message }
      })
    }
    this.topics = new RedisTopics(
      { pub: this.pub, sub: this.sub },
      this.p,
      this.proc,
      () => Boolean(this.down),
      (error) => this.failed(error),
    )
    this.sub.on('messageBuffer', (topic: Buffer, message: Buffer) => {
      const name = topic.toString()
      if (!this.topics.heard(name, message)) this.onMessage(name, message.toString())
    })
    void this.sub.subscribe(this.topic('g')).catch(() => undefined)
    const beatMs = options.heartbeatMs ?? 5000
    const isDown = () => Boolean(this.down)
    this.caps = new RedisCaps(this.pub, this.p, this.proc, beatMs * 4, isDown, this.now)
    this.heartbeat = setInterval(() => void this.beat(beatMs * 4), beatMs)
    this.heartbeat.unref()
  }

  /** Connects; answers whether Redis was reached within `timeoutMs` (it keeps trying after). */
  async start(timeoutMs = 3000): Promise<boolean> {
    const connect = (client: Redis) => client.connect().catch(() => undefined)
    await Promise.race([
      Promise.all([connect(this.pub), connect(this.sub)]),
      new Promise((r) => setTimeout(r, timeoutMs).unref()),
    ])
    return this.status().connected
  }

  attach(listener: RelayListener, held: () => HeldSession[]): void {
    this.listener = listener
    this.held = held
  }

  status(): BusStatus {
    return this.down
      ? { kind: 'redis', connected: false, downSince: this.down.since, error: this.down.error }
      : { kind: 'redis', connected: true }
  }

  // What the hub tells the others.

  frame(channel: string, json: string): void {
    this.publish(this.topic(`c:${channel}`), `F${json}`)
  }

  toUids(uids: readonly string[], json: string, channel?: string): void {
    this.publish(this.topic('g'), `T${JSON.stringify({ u: uids, c: channel, f: json })}`)
  }

  joined(channel: string, uid: string): void {
    this.hold(channel)
    this.recordJoin(channel, uid)
    this.signalCount(channel)
  }

  watch(channel: string): () => void {
    this.hold(channel)
    let held = true
    return () => {
      if (held) this.release(channel)
      held = false
    }
  }

  left(channel: string, uid: string): void {
    this.release(channel)
    this.run(
      this.pub.eval(
        LEAVE,
        4,
        this.key(`m:${channel}`),
        this.key(`mo:${channel}`),
        this.key(`held:${this.proc}`),
        this.key(`a:${channel}`),
        uid,
        this.proc,
        channel,
      ),
    )
    this.signalCount(channel)
  }

  loggedIn(uid: string): void {
    this.run(this.pub.eval(LOGIN, 2, this.key('on'), this.key(`held:${this.proc}`), uid, this.proc))
    if (!this.publish(this.topic('g'), `L${uid}`)) return
    this.pendingLogins.set(uid, (this.pendingLogins.get(uid) ?? 0) + 1)
  }

  loggedOut(uid: string): void {
    this.run(
      this.pub.eval(LOGOUT, 2, this.key('on'), this.key(`held:${this.proc}`), uid, this.proc),
    )
  }

  remove(channel: string, uid: string): void {
    this.publish(this.topic(`c:${channel}`), `R${uid}`)
  }

  // What the hub asks.

  listening(channel: string): Promise<void> {
    const subscribed = this.subscribing.get(channel)
    if (this.down || !subscribed) return Promise.resolve()
    // A join is answered within LISTEN_WAIT_MS even when Redis goes away meanwhile.
    return Promise.race([
      subscribed,
      new Promise<void>((resolve) => setTimeout(resolve, LISTEN_WAIT_MS).unref()),
    ])
  }

  members(channel: string, limit: number): Promise<string[] | undefined> {
    return this.ask(() => this.pub.zrange(this.key(`m:${channel}`), 0, limit > 0 ? limit - 1 : -1))
  }

  count(channel: string): Promise<number | undefined> {
    return this.ask(() => this.pub.zcard(this.key(`m:${channel}`)))
  }

  async online(uids: readonly string[]): Promise<boolean[] | undefined> {
    if (uids.length === 0) return []
    const held = await this.ask(() => this.pub.hmget(this.key('on'), ...uids))
    return held?.map((proc) => proc !== null)
  }

  attributes(channel: string): Promise<Record<string, string> | undefined> {
    return this.ask(() => this.pub.hgetall(this.key(`a:${channel}`)))
  }

  async changeAttributes(
    channel: string,
    change: AttributeChange,
  ): Promise<Record<string, string> | undefined> {
    const args = [change.replace ? '1' : '0']
    for (const [k, v] of Object.entries(change.set ?? {})) args.push(k, v)
    args.push('', ...(change.remove ?? []))
    const flat = await this.ask(
      () => this.pub.eval(ATTRIBUTES, 1, this.key(`a:${channel}`), ...args) as Promise<string[]>,
    )
    if (!flat) return undefined
    const attributes: Record<string, string> = {}
    for (let i = 0; i + 1 < flat.length; i += 2) attributes[flat[i]!] = flat[i + 1]!
    return attributes
  }

  async lead(job: string, ttlMs: number): Promise<boolean> {
    const key = this.key(`lead:${job}`)
    const won = await this.ask(() => this.pub.set(key, this.proc, 'PX', ttlMs, 'NX'))
    if (won === 'OK') return true
    const holder = await this.ask(() => this.pub.get(key))
    if (holder !== this.proc) return false
    await this.ask(() => this.pub.pexpire(key, ttlMs))
    return true
  }

  async close(): Promise<void> {
    this.closed = true
    clearInterval(this.heartbeat)
    for (const { timer } of this.countSignals.values()) clearTimeout(timer)
    if (!this.down) {
      // What this process held goes at once, not a heartbeat timeout later.
      const touched = await this.reap(this.proc, EVER).catch(() => [] as string[])
      for (const channel of touched) this.publish(this.topic(`c:${channel}`), 'C')
    }
    this.pub.disconnect()
    this.sub.disconnect()
  }

  // Inside.

  private topic(name: string): string {
    return `${this.p}${name}`
  }

  private key(name: string): string {
    return `${this.p}${name}`
  }

  /** One more reason (a member here, a watcher) to listen to a channel; the first listens. */
  private hold(channel: string): void {
    const n = (this.localMembers.get(channel) ?? 0) + 1
    this.localMembers.set(channel, n)
    if (n === 1) this.listen(channel)
  }

  private release(channel: string): void {
    const n = (this.localMembers.get(channel) ?? 1) - 1
    if (n > 0) return void this.localMembers.set(channel, n)
    this.localMembers.delete(channel)
    this.subscribing.delete(channel)
    void this.sub.unsubscribe(this.topic(`c:${channel}`)).catch(() => undefined)
  }

  private listen(channel: string): void {
    const subscribed = this.sub.subscribe(this.topic(`c:${channel}`)).then(
      () => undefined,
      () => undefined,
    )
    this.subscribing.set(channel, subscribed)
  }

  /** Publishes unless Redis is away; answers whether it went. */
  private publish(topic: string, body: string): boolean {
    if (this.down) return false
    this.run(this.pub.publish(topic, `${this.proc}${SEP}${body}`))
    return true
  }

  private run(command: Promise<unknown>): void {
    command.catch((error: Error) => this.failed(error))
  }

  private async ask<T>(query: () => Promise<T>): Promise<T | undefined> {
    if (this.down) return undefined
    try {
      return await query()
    } catch (error) {
      this.failed(error as Error)
      return undefined
    }
  }

  private failed(error: Error): void {
    if (this.down || this.closed) return
    this.options.log.error(`redis command failed: ${error.message}`)
  }

  /** A channel's count is due elsewhere: told at once, then at most once a second. */
  private signalCount(channel: string): void {
    const pending = this.countSignals.get(channel)
    if (pending) {
      pending.again = true
      return
    }
    this.publish(this.topic(`c:${channel}`), 'C')
    const timer = setTimeout(() => {
      const state = this.countSignals.get(channel)
      this.countSignals.delete(channel)
      if (state?.again) this.signalCount(channel)
    }, COUNT_SIGNAL_MS)
    timer.unref()
    this.countSignals.set(channel, { timer, again: false })
  }

  private onMessage(topic: string, message: string): void {
    const cut = message.indexOf(SEP)
    if (cut < 0 || !this.listener) return
    const from = message.slice(0, cut)
    const kind = message[cut + 1]
    const body = message.slice(cut + 2)
    if (topic === this.topic('g')) return this.onGlobal(from, kind, body)
    const channel = topic.slice(this.p.length + 2)
    if (from === this.proc) return
    if (kind === 'F') this.listener.channelFrame(channel, body)
    else if (kind === 'C') this.listener.countChanged(channel)
    else if (kind === 'R') this.listener.removeFromChannel(body, channel)
  }

  private onGlobal(from: string, kind: string | undefined, body: string): void {
    if (kind === 'L') {
      if (from === this.proc) {
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
    if (kind === 'T' && from !== this.proc) {
      const { u, c, f } = JSON.parse(body) as { u: string[]; c?: string; f: string }
      this.listener!.toUids(u, f, c)
    }
  }

  private changed(): void {
    const up = this.pub.status === 'ready' && this.sub.status === 'ready'
    if (up && this.down) {
      const downFor = this.now() - this.down.since
      const first = this.down.error === 'connecting' && downFor < 5000
      this.down = undefined
      if (!first)
        this.options.log.info(
          `redis is back after ${Math.round(downFor / 1000)} s: messages cross processes again`,
        )
      void this.restore()
    } else if (!up && !this.down && !this.closed) {
      this.down = { since: this.now(), error: 'connection lost' }
      this.pendingLogins.clear()
      this.options.log.error(
        `redis is unreachable: messages no longer cross processes; this process serves its own ${this.held().length} connected members until it is back`,
      )
    }
  }

  /** Writes in Redis that `uid`, held by this process, is in `channel` (the JOIN script). */
  private recordJoin(channel: string, uid: string): void {
    this.run(
      this.pub.eval(
        JOIN,
        3,
        this.key(`m:${channel}`),
        this.key(`mo:${channel}`),
        this.key(`held:${this.proc}`),
        uid,
        this.proc,
        this.now(),
        channel,
      ),
    )
  }

  /** After an outage (Redis may have restarted empty): tell again what this process holds. */
  private async restore(): Promise<void> {
    await this.beat(Number.POSITIVE_INFINITY)
    for (const { uid, channels } of this.held()) {
      this.run(
        this.pub.eval(LOGIN, 2, this.key('on'), this.key(`held:${this.proc}`), uid, this.proc),
      )
      for (const channel of channels) this.recordJoin(channel, uid)
    }
    for (const channel of this.localMembers.keys()) {
      this.signalCount(channel)
      this.listener?.countChanged(channel)
    }
    this.topics.back()
  }

  /** Tells this process is alive, and takes back what silent ones held. */
  private async beat(silentMs: number): Promise<void> {
    if (this.down || this.closed) return
    const now = this.now()
    this.run(this.pub.zadd(this.key('procs'), now, this.proc))
    if (!Number.isFinite(silentMs)) return
    const cutoff = now - silentMs
    const dead = await this.ask(() => this.pub.zrangebyscore(this.key('procs'), 0, cutoff))
    for (const proc of dead ?? []) {
      const touched = await this.reap(proc, cutoff).catch(() => [] as string[])
      for (const channel of touched) this.publish(this.topic(`c:${channel}`), 'C')
    }
  }

  private reap(proc: string, cutoff: number): Promise<string[]> {
    return this.pub.eval(
      REAP,
      2,
      this.key('procs'),
      this.key(`held:${proc}`),
      this.p,
      proc,
      cutoff,
    ) as Promise<string[]>
  }
}
