import type { Redis } from 'ioredis'
import type { TopicSubscription, Topics } from './bus'

/** How long `ready` waits at most for the subscription (answered even if Redis goes away). */
const READY_WAIT_MS = 2000

/**
 * Binary messages on named topics through Redis pub/sub (`{prefix}x:{name}`), for services beside
 * the realtime hub (the whiteboard). A message is the sending process's id, a zero byte and the
 * body; a process skips its own. Publishing while Redis is away drops the message: the caller's
 * own members are served meanwhile, as for the hub's frames.
 */
export class RedisTopics implements Topics {
  private readonly handlers = new Map<string, Set<(message: Uint8Array) => void>>()
  private readonly backs = new Set<() => void>()
  private readonly subscribed = new Map<string, Promise<void>>()
  private readonly head: Buffer

  constructor(
    private readonly clients: { readonly pub: Redis; readonly sub: Redis },
    private readonly prefix: string,
    private readonly proc: string,
    private readonly isDown: () => boolean,
    private readonly failed: (error: Error) => void,
  ) {
    this.head = Buffer.from(`${proc}\u0000`)
  }

  subscribe(
    topic: string,
    onMessage: (message: Uint8Array) => void,
    onBack?: () => void,
  ): TopicSubscription {
    const name = this.name(topic)
    let set = this.handlers.get(name)
    if (!set) {
      this.handlers.set(name, (set = new Set()))
      this.subscribed.set(
        name,
        this.clients.sub.subscribe(name).then(
          () => undefined,
          () => undefined,
        ),
      )
    }
    set.add(onMessage)
    if (onBack) this.backs.add(onBack)
    const subscribed = this.subscribed.get(name)!
    const ready = Promise.race([
      subscribed,
      new Promise<void>((resolve) => setTimeout(resolve, READY_WAIT_MS).unref()),
    ])
    return {
      ready,
      stop: () => {
        if (onBack) this.backs.delete(onBack)
        const current = this.handlers.get(name)
        if (!current?.delete(onMessage) || current.size > 0) return
        this.handlers.delete(name)
        this.subscribed.delete(name)
        void this.clients.sub.unsubscribe(name).catch(() => undefined)
      },
    }
  }

  publish(topic: string, message: Uint8Array): void {
    if (this.isDown()) return
    this.clients.pub
      .publish(this.name(topic), Buffer.concat([this.head, message]))
      .catch((error: Error) => this.failed(error))
  }

  /** Redis is back after an outage: what crossed nothing meanwhile is asked again. */
  back(): void {
    for (const onBack of [...this.backs]) onBack()
  }

  /** A message heard on Redis: answers whether it was one of these topics. */
  heard(name: string, message: Buffer): boolean {
    if (!name.startsWith(`${this.prefix}x:`)) return false
    const set = this.handlers.get(name)
    if (!set) return true
    const cut = message.indexOf(0)
    if (cut < 0 || message.toString('utf8', 0, cut) === this.proc) return true
    const body = message.subarray(cut + 1)
    for (const handler of set) handler(body)
    return true
  }

  private name(topic: string): string {
    return `${this.prefix}x:${topic}`
  }
}
