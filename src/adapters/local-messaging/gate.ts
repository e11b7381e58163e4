interface Waiter {
  readonly resolve: () => void
  readonly reject: (error: Error) => void
  readonly timer: ReturnType<typeof setTimeout>
}

/**
 * Open while the connection is logged in and in its channel. A call that needs it waits for it
 * to open, up to a limit.
 */
export class Gate {
  private isOpen = false
  private readonly waiters = new Set<Waiter>()

  open(): void {
    this.isOpen = true
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer)
      waiter.resolve()
    }
    this.waiters.clear()
  }

  /** Closes it; with a reason, the waiting calls fail with it at once. */
  close(reason?: Error): void {
    this.isOpen = false
    if (!reason) return
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer)
      waiter.reject(reason)
    }
    this.waiters.clear()
  }

  /** Resolves when open; rejects when still closed after `ms`. */
  wait(ms: number): Promise<void> {
    if (this.isOpen) return Promise.resolve()
    if (ms <= 0) return Promise.reject(new Error('not connected'))
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter)
          reject(new Error('not connected'))
        }, ms),
      }
      this.waiters.add(waiter)
    })
  }
}
