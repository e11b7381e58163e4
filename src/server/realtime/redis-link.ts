import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import { hostname } from 'node:os'
import type * as IoRedis from 'ioredis'
import type { Redis } from 'ioredis'
import type { BusStatus } from './bus'

export interface RedisLog {
  info(message: string): void
  error(message: string): void
}

/**
 * ioredis, loaded by the first process to use Redis: one process on its own never does, and does
 * not carry it (about 14 MB resident; docs/server.md "Where an idle server's memory goes").
 */
const redisClass = (): typeof Redis =>
  (createRequire(import.meta.url)('ioredis') as typeof IoRedis).Redis

/** Messages start with the sending process's id and this separator, then a kind letter. */
export const SEP = '\u0000'

/**
 * The Redis bus's two connections (commands and publishing; subscriptions) and how it sends.
 * Commands are not queued while Redis is away: the outage is logged once and shown by
 * `status()`, and `onBack` runs when both connections are ready again.
 */
export class RedisLink {
  /** This process's id: its messages and the keys of what it holds carry it. */
  readonly proc = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  readonly pub: Redis
  readonly sub: Redis
  closed = false
  /** Both connections are ready again after an outage. */
  onBack: () => void = () => undefined
  /** The connection was lost. */
  onLost: () => void = () => undefined
  /** How many connected members this process serves (told in the outage's log line). */
  heldCount: () => number = () => 0
  private down: { since: number; error: string } | undefined

  constructor(
    url: string,
    /** Keys and topics start with it (several deployments on one Redis). */
    readonly prefix: string,
    private readonly log: RedisLog,
    readonly now: () => number,
  ) {
    const retry = (times: number) => Math.min(100 * times, 1000)
    const common = { retryStrategy: retry, connectTimeout: 2000, lazyConnect: true }
    const Redis = redisClass()
    this.pub = new Redis(url, {
      ...common,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    })
    this.sub = new Redis(url, { ...common, autoResubscribe: true })
    this.down = { since: this.now(), error: 'connecting' }
    for (const client of [this.pub, this.sub]) {
      client.on('ready', () => this.changed())
      client.on('close', () => this.changed())
      client.on('error', (error: Error) => {
        if (this.down) this.down = { ...this.down, error: error.message }
      })
    }
  }

  /** Connects; answers whether Redis was reached within `timeoutMs` (it keeps trying after). */
  async start(timeoutMs: number): Promise<boolean> {
    const connect = (client: Redis) => client.connect().catch(() => undefined)
    await Promise.race([
      Promise.all([connect(this.pub), connect(this.sub)]),
      new Promise((r) => setTimeout(r, timeoutMs).unref()),
    ])
    return this.status().connected
  }

  status(): BusStatus {
    return this.down
      ? { kind: 'redis', connected: false, downSince: this.down.since, error: this.down.error }
      : { kind: 'redis', connected: true }
  }

  isDown(): boolean {
    return Boolean(this.down)
  }

  /** A key or topic under this deployment's prefix. */
  key(name: string): string {
    return `${this.prefix}${name}`
  }

  /** Publishes unless Redis is away; answers whether it went. */
  publish(topic: string, body: string): boolean {
    if (this.down) return false
    this.run(this.pub.publish(topic, `${this.proc}${SEP}${body}`))
    return true
  }

  run(command: Promise<unknown>): void {
    command.catch((error: Error) => this.failed(error))
  }

  async ask<T>(query: () => Promise<T>): Promise<T | undefined> {
    if (this.down) return undefined
    try {
      return await query()
    } catch (error) {
      this.failed(error as Error)
      return undefined
    }
  }

  failed(error: Error): void {
    if (this.down || this.closed) return
    this.log.error(`redis command failed: ${error.message}`)
  }

  disconnect(): void {
    this.pub.disconnect()
    this.sub.disconnect()
  }

  private changed(): void {
    const up = this.pub.status === 'ready' && this.sub.status === 'ready'
    if (up && this.down) {
      const downFor = this.now() - this.down.since
      const first = this.down.error === 'connecting' && downFor < 5000
      this.down = undefined
      if (!first)
        this.log.info(
          `redis is back after ${Math.round(downFor / 1000)} s: messages cross processes again`,
        )
      this.onBack()
    } else if (!up && !this.down && !this.closed) {
      this.down = { since: this.now(), error: 'connection lost' }
      this.onLost()
      this.log.error(
        `redis is unreachable: messages no longer cross processes; this process serves its own ${this.heldCount()} connected members until it is back`,
      )
    }
  }
}
