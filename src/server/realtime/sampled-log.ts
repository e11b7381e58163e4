interface Logger {
  warn(obj: object, msg: string): void
}

/** A refused frame is logged at most once per connection in this long. */
export const REFUSED_LOG_INTERVAL_MS = 60_000

/**
 * A warning a client can cause at will (a refused frame), written at most once per `intervalMs`:
 * the first at once, the next after the interval with `alsoRefused`, the count left out
 * meanwhile. A hostile client sending bad frames at the rate limit would otherwise write 60 lines
 * a second into the server's log.
 */
export function sampledWarn(
  log: Logger,
  intervalMs = REFUSED_LOG_INTERVAL_MS,
  now: () => number = Date.now,
): (obj: object, msg: string) => void {
  let last = -Infinity
  let left = 0
  return (obj, msg) => {
    const at = now()
    if (at - last < intervalMs) {
      left++
      return
    }
    log.warn(left > 0 ? { ...obj, alsoRefused: left } : obj, msg)
    last = at
    left = 0
  }
}
