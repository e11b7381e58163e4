import type { Redis } from 'ioredis'
import type { SharedCaps } from './bus'

/**
 * KEYS cap hash (`p cap:<key>`: process → places it holds), procs; ARGV proc, max, cutoff.
 * Counts the places of the living processes (a process silent since `cutoff` is dropped from the
 * hash: what a dead process held frees itself), and takes one when fewer than `max` are held.
 */
const TAKE = `
local total = 0
local held = redis.call('hgetall', KEYS[1])
for i = 1, #held, 2 do
  local proc = held[i]
  local seen = redis.call('zscore', KEYS[2], proc)
  if proc ~= ARGV[1] and (not seen or tonumber(seen) < tonumber(ARGV[3])) then
    redis.call('hdel', KEYS[1], proc)
  else
    total = total + tonumber(held[i + 1])
  end
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('hincrby', KEYS[1], ARGV[1], 1)
return 1`

/** KEYS cap hash; ARGV proc */
const GIVE = `
if redis.call('hincrby', KEYS[1], ARGV[1], -1) <= 0 then redis.call('hdel', KEYS[1], ARGV[1]) end
return 1`

/**
 * Connection caps counted across the processes in Redis (docs/realtime.md "Guards"). While Redis
 * is away each process counts alone (`take` answers undefined); a Redis that restarted empty
 * counts the connections made since.
 */
export class RedisCaps implements SharedCaps {
  constructor(
    private readonly pub: Redis,
    private readonly prefix: string,
    private readonly proc: string,
    private readonly silentMs: number,
    private readonly isDown: () => boolean,
    private readonly now: () => number,
  ) {}

  async take(key: string, max: number): Promise<boolean | undefined> {
    if (this.isDown()) return undefined
    try {
      const cutoff = this.now() - this.silentMs
      const won = await this.pub.eval(TAKE, 2, this.name(key), this.procs, this.proc, max, cutoff)
      return won === 1
    } catch {
      return undefined
    }
  }

  give(key: string): void {
    if (this.isDown()) return
    this.pub.eval(GIVE, 1, this.name(key), this.proc).catch(() => undefined)
  }

  private get procs(): string {
    return `${this.prefix}procs`
  }

  private name(key: string): string {
    return `${this.prefix}cap:${key}`
  }
}
