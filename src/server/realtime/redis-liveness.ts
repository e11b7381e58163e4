import { REAP } from './redis-scripts'
import type { RedisLink } from './redis-link'

/** A cutoff later than any heartbeat (a process taking back its own entries as it stops). */
const EVER = 9e15

/**
 * The processes' heartbeat through Redis: each tells it is alive every `beatMs` (the `procs`
 * sorted set), and what a process silent for four beats held (logins, memberships, attributes)
 * is taken back by the first living one to notice, whose channels are then counted again.
 */
export class RedisLiveness {
  private readonly heartbeat: NodeJS.Timeout

  constructor(
    private readonly link: RedisLink,
    beatMs: number,
  ) {
    this.heartbeat = setInterval(() => void this.beat(beatMs * 4), beatMs)
    this.heartbeat.unref()
  }

  /** Tells this process is alive, and takes back what those silent for `silentMs` held. */
  async beat(silentMs: number): Promise<void> {
    const link = this.link
    if (link.isDown() || link.closed) return
    const now = link.now()
    link.run(link.pub.zadd(link.key('procs'), now, link.proc))
    if (!Number.isFinite(silentMs)) return
    const cutoff = now - silentMs
    const dead = await link.ask(() => link.pub.zrangebyscore(link.key('procs'), 0, cutoff))
    for (const proc of dead ?? []) await this.takeBack(proc, cutoff)
  }

  /** Stops beating; what this process held goes at once, not a heartbeat timeout later. */
  async stop(): Promise<void> {
    clearInterval(this.heartbeat)
    if (!this.link.isDown()) await this.takeBack(this.link.proc, EVER)
  }

  private async takeBack(proc: string, cutoff: number): Promise<void> {
    const link = this.link
    const touched = await (
      link.pub.eval(
        REAP,
        2,
        link.key('procs'),
        link.key(`held:${proc}`),
        link.prefix,
        proc,
        cutoff,
      ) as Promise<string[]>
    ).catch(() => [] as string[])
    for (const channel of touched) link.publish(link.key(`c:${channel}`), 'C')
  }
}
