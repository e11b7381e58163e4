import type { AttributeChange, Bus, BusStatus, HeldSession } from './bus'
import type { RelayListener } from './relay'
import { ATTRIBUTES, JOIN, LEAVE, LOGIN, LOGOUT } from './redis-scripts'
import { RedisCaps } from './redis-caps'
import { RedisChannels } from './redis-channels'
import { RedisLink, type RedisLog } from './redis-link'
import { RedisLiveness } from './redis-liveness'
import { RedisTopics } from './redis-topics'

export interface RedisBusOptions {
  readonly url: string
  /** Keys and topics start with it (several deployments on one Redis). */
  readonly prefix?: string
  readonly log: RedisLog
  readonly now?: () => number
  /** How often a process tells it is alive; one silent for 4 beats is taken back. */
  readonly heartbeatMs?: number
}

/**
 * The realtime service's state shared through Redis (docs/server.md "Several processes"):
 * channel fan-out on one pub/sub topic per channel (a process listens to the channels its members
 * are in; redis-channels.ts), logins and frames for given uids on one topic for all, membership,
 * presence and attributes in keys (redis-scripts.ts), a heartbeat that takes back what a dead
 * process held (redis-liveness.ts). Commands are not queued while Redis is away (redis-link.ts):
 * delivery here goes on, the outage is logged once and shown by `status()`, and when Redis is
 * back this process tells it again what it holds.
 */
export class RedisBus implements Bus {
  readonly kind = 'redis' as const
  readonly topics: RedisTopics
  readonly caps: RedisCaps
  private readonly link: RedisLink
  private readonly channels: RedisChannels
  private readonly liveness: RedisLiveness
  private held: () => HeldSession[] = () => []

  constructor(options: RedisBusOptions) {
    const link = (this.link = new RedisLink(
      options.url,
      options.prefix ?? 'roomcast:',
      options.log,
      options.now ?? Date.now,
    ))
    this.channels = new RedisChannels(link)
    link.onBack = () => void this.restore()
    link.onLost = () => this.channels.lost()
    link.heldCount = () => this.held().length
    this.topics = new RedisTopics(
      { pub: link.pub, sub: link.sub },
      link.prefix,
      link.proc,
      () => link.isDown(),
      (error) => link.failed(error),
    )
    link.sub.on('messageBuffer', (topic: Buffer, message: Buffer) => {
      const name = topic.toString()
      if (!this.topics.heard(name, message)) this.channels.onMessage(name, message.toString())
    })
    void link.sub.subscribe(link.key('g')).catch(() => undefined)
    const beatMs = options.heartbeatMs ?? 5000
    const isDown = () => link.isDown()
    this.caps = new RedisCaps(link.pub, link.prefix, link.proc, beatMs * 4, isDown, link.now)
    this.liveness = new RedisLiveness(link, beatMs)
  }

  /** Connects; answers whether Redis was reached within `timeoutMs` (it keeps trying after). */
  start(timeoutMs = 3000): Promise<boolean> {
    return this.link.start(timeoutMs)
  }

  attach(listener: RelayListener, held: () => HeldSession[]): void {
    this.channels.attach(listener)
    this.held = held
  }

  status(): BusStatus {
    return this.link.status()
  }

  // What the hub tells the others.

  frame(channel: string, json: string): void {
    this.link.publish(this.channels.topic(channel), `F${json}`)
  }

  toUids(uids: readonly string[], json: string, channel?: string): void {
    this.link.publish(this.link.key('g'), `T${JSON.stringify({ u: uids, c: channel, f: json })}`)
  }

  joined(channel: string, uid: string): void {
    this.channels.hold(channel)
    this.recordJoin(channel, uid)
    this.channels.signalCount(channel)
  }

  watch(channel: string): () => void {
    this.channels.hold(channel)
    let held = true
    return () => {
      if (held) this.channels.release(channel)
      held = false
    }
  }

  left(channel: string, uid: string): void {
    const { link } = this
    this.channels.release(channel)
    link.run(
      link.pub.eval(
        LEAVE,
        4,
        link.key(`m:${channel}`),
        link.key(`mo:${channel}`),
        link.key(`held:${link.proc}`),
        link.key(`a:${channel}`),
        uid,
        link.proc,
        channel,
      ),
    )
    this.channels.signalCount(channel)
  }

  loggedIn(uid: string): void {
    this.recordLogin(uid)
    if (this.link.publish(this.link.key('g'), `L${uid}`)) this.channels.loginSent(uid)
  }

  loggedOut(uid: string): void {
    const { link } = this
    link.run(
      link.pub.eval(LOGOUT, 2, link.key('on'), link.key(`held:${link.proc}`), uid, link.proc),
    )
  }

  remove(channel: string, uid: string): void {
    this.link.publish(this.channels.topic(channel), `R${uid}`)
  }

  // What the hub asks.

  listening(channel: string): Promise<void> {
    return this.channels.listening(channel)
  }

  members(channel: string, limit: number): Promise<string[] | undefined> {
    const { link } = this
    return link.ask(() => link.pub.zrange(link.key(`m:${channel}`), 0, limit > 0 ? limit - 1 : -1))
  }

  count(channel: string): Promise<number | undefined> {
    return this.link.ask(() => this.link.pub.zcard(this.link.key(`m:${channel}`)))
  }

  async online(uids: readonly string[]): Promise<boolean[] | undefined> {
    if (uids.length === 0) return []
    const held = await this.link.ask(() => this.link.pub.hmget(this.link.key('on'), ...uids))
    return held?.map((proc) => proc !== null)
  }

  attributes(channel: string): Promise<Record<string, string> | undefined> {
    return this.link.ask(() => this.link.pub.hgetall(this.link.key(`a:${channel}`)))
  }

  async changeAttributes(
    channel: string,
    change: AttributeChange,
  ): Promise<Record<string, string> | undefined> {
    const { link } = this
    const args = [change.replace ? '1' : '0']
    for (const [k, v] of Object.entries(change.set ?? {})) args.push(k, v)
    args.push('', ...(change.remove ?? []))
    const flat = await link.ask(
      () => link.pub.eval(ATTRIBUTES, 1, link.key(`a:${channel}`), ...args) as Promise<string[]>,
    )
    if (!flat) return undefined
    const attributes: Record<string, string> = {}
    for (let i = 0; i + 1 < flat.length; i += 2) attributes[flat[i]!] = flat[i + 1]!
    return attributes
  }

  async lead(job: string, ttlMs: number): Promise<boolean> {
    const { link } = this
    const key = link.key(`lead:${job}`)
    const won = await link.ask(() => link.pub.set(key, link.proc, 'PX', ttlMs, 'NX'))
    if (won === 'OK') return true
    const holder = await link.ask(() => link.pub.get(key))
    if (holder !== link.proc) return false
    await link.ask(() => link.pub.pexpire(key, ttlMs))
    return true
  }

  async close(): Promise<void> {
    this.link.closed = true
    this.channels.close()
    await this.liveness.stop()
    this.link.disconnect()
  }

  // Inside.

  private recordLogin(uid: string): void {
    const { link } = this
    link.run(link.pub.eval(LOGIN, 2, link.key('on'), link.key(`held:${link.proc}`), uid, link.proc))
  }

  /** Writes in Redis that `uid`, held by this process, is in `channel` (the JOIN script). */
  private recordJoin(channel: string, uid: string): void {
    const { link } = this
    link.run(
      link.pub.eval(
        JOIN,
        3,
        link.key(`m:${channel}`),
        link.key(`mo:${channel}`),
        link.key(`held:${link.proc}`),
        uid,
        link.proc,
        link.now(),
        channel,
      ),
    )
  }

  /** After an outage (Redis may have restarted empty): tell again what this process holds. */
  private async restore(): Promise<void> {
    await this.liveness.beat(Number.POSITIVE_INFINITY)
    for (const { uid, channels } of this.held()) {
      this.recordLogin(uid)
      for (const channel of channels) this.recordJoin(channel, uid)
    }
    this.channels.recount()
    this.topics.back()
  }
}
