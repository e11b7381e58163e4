import type { Tokens } from '../auth/tokens'
import { ApiFailure } from '../http/errors'

/** The answer code of a busy admission: the entrant retries with its ticket. */
export const BUSY_CODE = 1007

export interface AdmissionOptions {
  /** Entries worked on at once (the database does one transaction at a time per room anyway). */
  readonly concurrency: number
  /** Entrants held in line; beyond them an entrant is told "busy" and retries with a ticket. */
  readonly maxWaiting: number
  readonly tokens: Tokens
  readonly now: () => number
}

interface Waiter {
  /** Arrival order: first arrival time (ms), then a tie-break. */
  readonly at: number
  readonly tie: number
  start(): void
  refuse(failure: ApiFailure): void
}

const TICKET_TTL_SECONDS = 10 * 60

/**
 * Room entry in arrival order. Entries run `concurrency` at a time; the others wait in line in
 * the order they first arrived. When the line is full, the entrant who arrived last is answered
 * busy (code 1007, reason `busy`) with a signed ticket holding its first arrival time and a hint
 * of when to retry: its client shows "busy, retrying" and retries with the ticket, and is placed
 * in line by that time, ahead of everyone who came after it. Nobody is dropped: a crowd arriving
 * faster than the server admits is admitted in order, just later.
 */
export class AdmissionQueue {
  private running = 0
  private tie = 0
  private readonly line: Waiter[] = []
  /** Admissions finished, and when the count started, for the retry hint. */
  private done = 0
  private readonly since: number

  constructor(private readonly options: AdmissionOptions) {
    this.since = options.now()
  }

  get waiting(): number {
    return this.line.length
  }

  /** Runs `work` in its turn; `ticket` is what a busy answer gave this entrant before. */
  admit<T>(ticket: string | undefined, work: () => Promise<T>): Promise<T> {
    const claims = ticket ? this.options.tokens.verify(ticket, 'admission') : null
    const first = Number(claims?.sub)
    const at = claims && Number.isFinite(first) ? first : this.options.now()
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        at,
        tie: this.tie++,
        start: () => {
          this.running++
          work()
            .then(resolve, reject)
            .finally(() => {
              this.running--
              this.done++
              this.next()
            })
        },
        refuse: reject,
      }
      if (this.running < this.options.concurrency && this.line.length === 0) return waiter.start()
      this.enqueue(waiter)
    })
  }

  private enqueue(waiter: Waiter): void {
    const { line } = this
    let i = line.length
    while (i > 0 && before(waiter, line[i - 1]!)) i--
    line.splice(i, 0, waiter)
    if (line.length > this.options.maxWaiting) {
      const last = line.pop()!
      last.refuse(this.busy(last.at))
    }
  }

  private next(): void {
    while (this.running < this.options.concurrency && this.line.length > 0)
      this.line.shift()!.start()
  }

  private busy(at: number): ApiFailure {
    const elapsed = Math.max(1, this.options.now() - this.since)
    const perMs = this.done / elapsed
    const retryAfterMs = Math.min(
      10_000,
      Math.max(500, Math.round(perMs > 0 ? this.line.length / perMs / 2 : 1000)),
    )
    return new ApiFailure(BUSY_CODE, 'the room is admitting a crowd: retrying', {
      reason: 'busy',
      extra: {
        retryAfterMs,
        ticket: this.options.tokens.sign(
          { kind: 'admission', sub: String(at) },
          TICKET_TTL_SECONDS,
        ),
      },
    })
  }
}

const before = (a: Waiter, b: Waiter) => a.at < b.at || (a.at === b.at && a.tie < b.tie)
