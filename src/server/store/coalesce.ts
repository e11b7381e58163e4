interface Batch<Q, A> {
  readonly requests: Q[]
  readonly answers: ((answer: A) => void)[]
  readonly fails: ((error: unknown) => void)[]
}

/**
 * Batches of one kind start at most this often: under a crowd every kind of statement runs
 * about a hundred times a second whatever the rate of entrants, each for everyone who came
 * meanwhile. A lone request waits for nothing (the last batch is long past).
 */
export const BATCH_SPACING_MS = 10

/**
 * When the next batch of a kind may start: at once (the next turn) when the last one started
 * `spacingMs` ago or more, else at that time; never while one is still running.
 */
export class Spacing {
  private last = -Infinity
  private timer = false

  constructor(private readonly spacingMs = BATCH_SPACING_MS) {}

  /** Runs `start` when the spacing allows (once, however often asked meanwhile). */
  schedule(start: () => void): void {
    if (this.timer) return
    this.timer = true
    const go = () => {
      this.timer = false
      this.last = performance.now()
      start()
    }
    const wait = this.last + this.spacingMs - performance.now()
    if (wait <= 0) setImmediate(go)
    else setTimeout(go, Math.ceil(wait))
  }
}

/**
 * Requests answered together by one database call: `run` gets every request made since the
 * last batch (in order) and answers one result per request, in the same order. A crowd's
 * thousand look-ups of one room, or inserts of a thousand visitors, cost a few statements, not a
 * thousand (the embedded database spends ~0.2 ms on any statement). One batch runs at a time and
 * batches start at most every `spacingMs` (BATCH_SPACING_MS), so requests that come while one
 * runs or soon after it go together into the next. Every call starts after the requests it
 * answers were made, so what it reads is at least as new as a call of their own.
 */
export function coalesce<Q, A>(
  run: (requests: Q[]) => Promise<A[]>,
  spacingMs = BATCH_SPACING_MS,
): (request: Q) => Promise<A> {
  let pending: Batch<Q, A> | undefined
  let running = false
  const spacing = new Spacing(spacingMs)
  const kick = () => {
    if (pending && !running) spacing.schedule(start)
  }
  const start = () => {
    const batch = pending
    if (!batch || running) return
    pending = undefined
    running = true
    run(batch.requests)
      .then(
        (answers) => batch.answers.forEach((answer, i) => answer(answers[i] as A)),
        (error: unknown) => batch.fails.forEach((fail) => fail(error)),
      )
      .finally(() => {
        running = false
        kick()
      })
  }
  return (request) =>
    new Promise<A>((resolve, reject) => {
      const batch = (pending ??= { requests: [], answers: [], fails: [] })
      batch.requests.push(request)
      batch.answers.push(resolve)
      batch.fails.push(reject)
      kick()
    })
}
