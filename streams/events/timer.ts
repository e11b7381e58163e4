import type { LiveStateId } from '../wire/constants'

/**
 * Timer firings. Effects schedule them on the injected scheduler; reducers act on them, so a
 * replayed log reproduces every timed change without a clock.
 */
export type TimerEvent =
  /** A pending redirect is due: the screen navigates now ([END-2], [INACTIVE-3], [PROJ-3]). */
  | { readonly type: 'timer/redirectDue'; readonly id: number }
  /** A toast's time is up ([ERR-2]). */
  | { readonly type: 'timer/toastExpired'; readonly id: number }
  /** The remaining-time countdown is due for a refresh ([COUNT-1]). */
  | { readonly type: 'timer/countdownDue' }
  /** 500 ms after a share change: the share layout follows ([MAIN-2]). */
  | { readonly type: 'timer/shareLayoutDue'; readonly sharing: boolean }
  /** The delayed live state is applied ([LIVE-3]). */
  | { readonly type: 'timer/liveStateDue'; readonly liveState: LiveStateId }
