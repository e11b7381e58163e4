/** How often at most MemberCountUpdated goes out per channel. */
export const MEMBER_COUNT_INTERVAL_MS = 1000

/**
 * MemberCountUpdated, at most once a second per channel: each process tells its own members the
 * count, read across the cluster when there is one (and remembered: member events stop by the
 * cluster's size).
 */
export class MemberCounts {
  /** A channel's member count across the cluster, as last read. */
  private readonly shared = new Map<string, number>()
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>()

  constructor(
    private readonly deps: {
      /** The channel's members on this process. */
      local(channel: string): number
      /** The channel's count across the cluster (undefined: this process's count is the count). */
      across(channel: string): Promise<number | undefined> | undefined
      /** Tells this process's members of the channel its count. */
      tell(channel: string, count: number): void
    },
  ) {}

  /** The channel's size for member events: the cluster's when known. */
  sizeOf(channel: string, local: number): number {
    return Math.max(local, this.shared.get(channel) ?? 0)
  }

  /** The count is due (a join or a leave here or elsewhere): told within a second. */
  schedule(channel: string): void {
    if (this.timers.has(channel)) return
    const timer = setTimeout(() => {
      this.timers.delete(channel)
      const local = this.deps.local(channel)
      if (local === 0) return
      const across = this.deps.across(channel)
      if (!across) return this.deps.tell(channel, local)
      across.then(
        (shared) => {
          if (shared !== undefined) this.shared.set(channel, shared)
          this.deps.tell(channel, Math.max(local, shared ?? 0))
        },
        () => this.deps.tell(channel, local),
      )
    }, MEMBER_COUNT_INTERVAL_MS)
    timer.unref?.()
    this.timers.set(channel, timer)
  }

  /** The channel has no member here any more. */
  forget(channel: string): void {
    this.shared.delete(channel)
    const timer = this.timers.get(channel)
    if (timer) clearTimeout(timer)
    this.timers.delete(channel)
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer)
    this.timers.clear()
  }
}
