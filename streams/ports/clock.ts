import type { SchedulerLike } from 'rxjs'

/**
 * The clock: epoch milliseconds for envelopes and facts, and the scheduler every timed effect
 * runs on (a TestScheduler in marble tests; nothing at all in replay, where timer firings are
 * events of the log).
 */
export interface Clock {
  readonly now: () => number
  readonly scheduler: SchedulerLike
}
