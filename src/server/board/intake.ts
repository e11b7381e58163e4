/** What one board connection may send on average; a burst may hold two seconds of it. */
export interface BoardRate {
  readonly framesPerSecond: number
  readonly bytesPerSecond: number
}

/**
 * A writer drawing fast sends a sync and an awareness frame per pointer move (~250 a second at
 * most); a big paste or a reconnect's offline edits one frame of up to 2 MB.
 */
export const BOARD_RATE: BoardRate = { framesPerSecond: 300, bytesPerSecond: 4 * 1024 * 1024 }

/** Frames taken but not yet handled (applied, stored) before reading stops. */
const MAX_PENDING = 64

/** The socket's reading, stopped and started again (ws's pause and resume). */
export interface Readable {
  pause(): void
  resume(): void
}

/**
 * Slows a board connection that sends more than `rate`, or faster than its frames are handled: it
 * stops reading the socket until the excess has drained, so TCP holds the sender back and nothing
 * it sent is refused or lost. A writer flooding the board cannot take the server's CPU, memory
 * or store faster than this. `took` is told of each frame as it arrives and answers how long (ms)
 * its handling must wait to keep within the rate: ws goes on emitting what it had read before the
 * pause took hold, so stopping the socket alone lets a burst through. `done` once handled.
 */
export function boardIntake(
  socket: Readable,
  rate: BoardRate = BOARD_RATE,
  now: () => number = Date.now,
): { took(bytes: number): number; done(): void; close(): void } {
  let frames = rate.framesPerSecond * 2
  let bytes = rate.bytesPerSecond * 2
  let at = now()
  let pending = 0
  let timer: NodeJS.Timeout | undefined
  let paused = false
  const refill = () => {
    const t = now()
    const seconds = (t - at) / 1000
    at = t
    frames = Math.min(rate.framesPerSecond * 2, frames + seconds * rate.framesPerSecond)
    bytes = Math.min(rate.bytesPerSecond * 2, bytes + seconds * rate.bytesPerSecond)
  }
  /** Seconds until the bucket holds what has been taken (≤ 0: nothing is owed). */
  const owing = () => Math.max(-frames / rate.framesPerSecond, -bytes / rate.bytesPerSecond)
  /** Reading goes on once the bucket holds a frame's worth again and the backlog is small. */
  const update = () => {
    refill()
    const owed = owing()
    const hold = owed > 0 || pending > MAX_PENDING
    if (hold && !paused) socket.pause()
    if (!hold && paused) socket.resume()
    paused = hold
    if (owed > 0 && !timer)
      timer = setTimeout(
        () => {
          timer = undefined
          update()
        },
        Math.ceil(owed * 1000),
      )
  }
  return {
    took: (size) => {
      refill()
      frames -= 1
      bytes -= size
      pending++
      update()
      const owed = owing()
      return owed > 0 ? Math.ceil(owed * 1000) : 0
    },
    done: () => {
      pending--
      if (paused) update()
    },
    close: () => clearTimeout(timer),
  }
}

/** Resolves once the clock has reached `due` (a timer may fire a little early: it is asked again). */
export function notBefore(due: number, now: () => number = Date.now): Promise<void> {
  const wait = due - now()
  if (wait <= 0) return Promise.resolve()
  return new Promise<void>((resolve) => setTimeout(resolve, wait)).then(() => notBefore(due, now))
}
