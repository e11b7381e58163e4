import { Spacing } from '../store/coalesce'

/**
 * Gathers the uids that logged in since the last batch and marks them seen together, a batch at
 * most every BATCH_SPACING_MS: a crowd logging in costs a statement a batch, not one a login. A
 * failure is not a loss: the presence job marks every connected member seen again within a third
 * of the grace.
 */
export function touchBatcher(touch: (uids: string[]) => Promise<unknown>): {
  touch(uid: string): void
} {
  let pending: Set<string> | undefined
  let running = false
  const spacing = new Spacing()
  const run = () => {
    if (!pending || running) return
    const uids = [...pending]
    pending = undefined
    running = true
    void touch(uids)
      .catch(() => undefined)
      .finally(() => {
        running = false
        if (pending) spacing.schedule(run)
      })
  }
  return {
    touch(uid) {
      if (!pending) {
        pending = new Set()
        if (!running) spacing.schedule(run)
      }
      pending.add(uid)
    },
  }
}
