/**
 * Gathers the uids that logged in during one event-loop turn and marks them seen together: a
 * crowd logging in costs one statement a turn, not one a login. A failure is not a loss: the
 * presence job marks every connected member seen again within a third of the grace.
 */
export function touchBatcher(touch: (uids: string[]) => Promise<unknown>): {
  touch(uid: string): void
} {
  let pending: Set<string> | undefined
  let running = false
  const run = () => {
    if (!pending || running) return
    const uids = [...pending]
    pending = undefined
    running = true
    void touch(uids)
      .catch(() => undefined)
      .finally(() => {
        running = false
        if (pending) setImmediate(run)
      })
  }
  return {
    touch(uid) {
      if (!pending) {
        pending = new Set()
        if (!running) setImmediate(run)
      }
      pending.add(uid)
    },
  }
}
